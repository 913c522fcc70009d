// The calling thread's stack bounds (Stack.h).
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include "Stack.h"

__attribute__((tls_model("initial-exec"))) _Thread_local uintptr_t openrx_stack_limit = 0;
__attribute__((tls_model("initial-exec"))) _Thread_local uintptr_t openrx_stack_mark_value = 0;

/// The lowest address of the calling thread's stack and its size, or 0 and 0 when the system
/// does not say.
static void openrx_thread_stack(uintptr_t *lowest, uintptr_t *size) {
    *lowest = 0;
    *size = 0;
#if defined(__APPLE__)
    pthread_t self = pthread_self();
    uintptr_t top = (uintptr_t)pthread_get_stackaddr_np(self);
    uintptr_t length = (uintptr_t)pthread_get_stacksize_np(self);
    *lowest = top - length;
    *size = length;
#elif defined(__linux__)
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) return;
    void *address = 0;
    size_t length = 0;
    if (pthread_attr_getstack(&attributes, &address, &length) == 0) {
        *lowest = (uintptr_t)address;
        *size = (uintptr_t)length;
    }
    pthread_attr_destroy(&attributes);
#endif
}

uintptr_t openrx_compute_stack_mark(void) {
    uintptr_t lowest = 0, size = 0;
    openrx_thread_stack(&lowest, &size);
    uintptr_t quarter = size / 4;
    openrx_stack_mark_value = size == 0 ? 1 : lowest + (quarter > 64 * 1024 ? quarter : 64 * 1024);
    return openrx_stack_mark_value;
}

uintptr_t openrx_compute_stack_limit(void) {
    openrx_stack_limit = openrx_stack_mark();
    return openrx_stack_limit;
}
