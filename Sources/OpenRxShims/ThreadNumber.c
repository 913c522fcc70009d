// The calling thread's number (ThreadNumber.h).
#include "ThreadNumber.h"

__attribute__((tls_model("initial-exec"))) _Thread_local uint32_t openrx_thread_number_value = 0;

/// The last number given.
static uint32_t openrx_last_thread_number = 0;

uint32_t openrx_assign_thread_number(void) {
    uint32_t number = __atomic_add_fetch(&openrx_last_thread_number, 1, __ATOMIC_RELAXED);
    // After 2^32 threads the count wraps; 0 means "not asked yet", so skip it.
    if (number == 0) number = __atomic_add_fetch(&openrx_last_thread_number, 1, __ATOMIC_RELAXED);
    openrx_thread_number_value = number;
    return number;
}
