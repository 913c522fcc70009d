// Where the calling thread's stack is: how OpenRx tells that a chain nests so deep that the next
// subscription or delivery would overflow it (`Sources/RxSwift/Schedulers/CurrentThreadScheduler.swift`).
#ifndef OPENRX_STACK_H
#define OPENRX_STACK_H

#include <stdint.h>

/// The lowest address of the calling thread's stack and its size, or 0 and 0 when the system
/// does not say.
void openrx_thread_stack(uintptr_t *lowest, uintptr_t *size);

/// The calling thread's low-stack mark while its `CurrentThreadScheduler` trampoline runs (0
/// otherwise): a thread-local word read with one instruction (initial-exec), where the
/// trampoline's own thread-local look-up is a call.
extern __attribute__((tls_model("initial-exec"))) _Thread_local uintptr_t openrx_stack_limit;

/// Sets the calling thread's low-stack mark.
static inline void openrx_set_stack_limit(uintptr_t limit) {
    openrx_stack_limit = limit;
}

/// Whether the trampoline runs on this thread and the caller's frame is below its mark (the
/// stack grows down: the lower the frame, the less stack is left).
static inline _Bool openrx_stack_is_low(void) {
    return (uintptr_t)__builtin_frame_address(0) < openrx_stack_limit;
}

/// The calling thread's mark below which the objects of a chain are released one after another
/// instead of one inside another (`Teardown`): a quarter of the stack left, at least 64 KiB; 0
/// until the thread first asks, 1 when the system does not say where the stack is.
extern __attribute__((tls_model("initial-exec"))) _Thread_local uintptr_t openrx_teardown_mark;

/// Sets the calling thread's teardown mark from its stack's bounds, and returns it.
uintptr_t openrx_compute_teardown_mark(void);

/// The calling thread's teardown mark.
static inline uintptr_t openrx_get_teardown_mark(void) {
    return openrx_teardown_mark;
}

/// Sets the calling thread's teardown mark (tests).
static inline void openrx_set_teardown_mark(uintptr_t mark) {
    openrx_teardown_mark = mark;
}

/// Whether the caller's frame is below the calling thread's teardown mark. One thread-local
/// read, and once per thread a look-up of the stack's bounds.
static inline _Bool openrx_teardown_stack_is_low(void) {
    uintptr_t mark = openrx_teardown_mark;
    if (__builtin_expect(mark == 0, 0)) mark = openrx_compute_teardown_mark();
    return (uintptr_t)__builtin_frame_address(0) < mark;
}

#endif
