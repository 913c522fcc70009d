// Lets OpenRx's locks tell ThreadSanitizer what they order.
//
// A lock's sleep (a futex on Linux, Synchronization's Mutex elsewhere) is outside the
// sanitizer's instrumentation, so ThreadSanitizer cannot see every hand-over by itself. When this
// file is compiled with -fsanitize=thread (`swift build --sanitize=thread` compiles every target
// that way), `openrx_tsan_active` is true and the library's lock, in debug builds, announces each
// acquisition and release (`Sources/RxSwift/Internal/Lock.swift`); otherwise the flag is false
// and the functions are never called. Release builds never test the flag.
#ifndef OPENRX_TSAN_H
#define OPENRX_TSAN_H

#include <stdbool.h>

/// Whether this build runs under ThreadSanitizer.
extern const bool openrx_tsan_active;

/// Tells ThreadSanitizer that the lock at `address` was acquired.
void openrx_tsan_acquire(const void *address);

/// Tells ThreadSanitizer that the lock at `address` is about to be released.
void openrx_tsan_release(const void *address);

#endif
