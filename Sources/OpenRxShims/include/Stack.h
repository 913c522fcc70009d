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

#endif
