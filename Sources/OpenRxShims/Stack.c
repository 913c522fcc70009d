// The calling thread's stack bounds (Stack.h).
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include "Stack.h"

__attribute__((tls_model("initial-exec"))) _Thread_local uintptr_t openrx_stack_limit = 0;
__attribute__((tls_model("initial-exec"))) _Thread_local uintptr_t openrx_stack_mark_value = 0;
/// The highest address of the calling thread's stack (1 when the system does not say), 0 until
/// `openrx_return_addresses` first asks on this thread.
static __attribute__((tls_model("initial-exec"))) _Thread_local uintptr_t openrx_stack_top = 0;

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

__attribute__((noinline)) size_t openrx_return_addresses(uintptr_t *addresses, size_t count) {
    uintptr_t top = openrx_stack_top;
    if (top == 0) {
        uintptr_t lowest = 0, size = 0;
        openrx_thread_stack(&lowest, &size);
        top = size == 0 ? 1 : lowest + size;
        openrx_stack_top = top;
    }
    // A frame record is two words: the caller's frame pointer, then the return address into it.
    const uintptr_t *record = (const uintptr_t *)__builtin_frame_address(0);
    size_t written = 0;
    while (written < count) {
        uintptr_t here = (uintptr_t)record;
        if (here == 0 || (here & (sizeof(uintptr_t) - 1)) != 0 || here + 2 * sizeof(uintptr_t) > top) break;
        const uintptr_t *next = (const uintptr_t *)record[0];
        uintptr_t returnAddress = record[1];
        if (returnAddress == 0) break;
        addresses[written++] = returnAddress;
        if ((uintptr_t)next <= here) break;
        record = next;
    }
    return written;
}
