#include "TSan.h"

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define OPENRX_UNDER_TSAN 1
#endif
#endif

#ifdef OPENRX_UNDER_TSAN
// ThreadSanitizer's annotation interface (compiler-rt, tsan_interface_ann.cpp).
void __tsan_acquire(void *address);
void __tsan_release(void *address);

const bool openrx_tsan_active = true;

void openrx_tsan_acquire(const void *address) { __tsan_acquire((void *)address); }

void openrx_tsan_release(const void *address) { __tsan_release((void *)address); }
#else
const bool openrx_tsan_active = false;

void openrx_tsan_acquire(const void *address) { (void)address; }

void openrx_tsan_release(const void *address) { (void)address; }
#endif
