// The library's C shims: what Swift cannot call by itself.
//
// - TSan.h: lets OpenRx's lock tell ThreadSanitizer what it orders.
// - Futex.h: the Linux futex calls the lock sleeps and wakes with.
// - Stack.h: where the calling thread's stack is (deep chains queue their next step).
// - ThreadNumber.h: a small number per thread (threads spread over a bag's parts).
#ifndef OPENRX_SHIMS_H
#define OPENRX_SHIMS_H

#include "TSan.h"
#include "Futex.h"
#include "Stack.h"
#include "ThreadNumber.h"

#endif
