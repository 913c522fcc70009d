// The calling thread's stack bounds (Stack.h).
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include "Stack.h"

__attribute__((tls_model("initial-exec"))) _Thread_local uintptr_t openrx_stack_limit = 0;

void openrx_thread_stack(uintptr_t *lowest, uintptr_t *size) {
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
