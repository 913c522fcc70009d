// Where the calling thread's stack is: how OpenRx tells that a chain nests so deep that the next
// subscription or delivery would overflow it (`Sources/RxSwift/Schedulers/CurrentThreadScheduler.swift`).
#ifndef OPENRX_STACK_H
#define OPENRX_STACK_H

#include <stddef.h>
#include <stdint.h>

/// The calling thread's low-stack mark for subscriptions and deliveries (`openrx_stack_mark`,
/// or what a test set), 0 until the thread first asks: a thread-local word read with one
/// instruction (initial-exec), where the trampoline's own thread-local look-up is a call.
extern __attribute__((tls_model("initial-exec"))) _Thread_local uintptr_t openrx_stack_limit;

/// Sets the calling thread's low-stack mark.
static inline void openrx_set_stack_limit(uintptr_t limit) {
    openrx_stack_limit = limit;
}

/// Sets the calling thread's low-stack mark to its stack mark, and returns it.
uintptr_t openrx_compute_stack_limit(void);

/// Whether the caller's frame is below the calling thread's low-stack mark (the stack grows
/// down: the lower the frame, the less stack is left), whether or not its trampoline runs.
static inline _Bool openrx_stack_is_low(void) {
    uintptr_t limit = openrx_stack_limit;
    if (__builtin_expect(limit == 0, 0)) limit = openrx_compute_stack_limit();
    return (uintptr_t)__builtin_frame_address(0) < limit;
}

/// The calling thread's stack mark: the address below which its stack is running out (a quarter
/// of it left, at least 64 KiB); 0 until the thread first asks, 1 when the system does not say
/// where the stack is (nothing is below it). Where subscriptions and deliveries wait for the
/// stack to unwind (`openrx_stack_limit`), and where a chain is released and disposed in a loop
/// (`Teardown`).
extern __attribute__((tls_model("initial-exec"))) _Thread_local uintptr_t openrx_stack_mark_value;

/// Sets the calling thread's stack mark from its stack's bounds, and returns it.
uintptr_t openrx_compute_stack_mark(void);

/// The calling thread's stack mark, computed on its first use. One thread-local read.
static inline uintptr_t openrx_stack_mark(void) {
    uintptr_t mark = openrx_stack_mark_value;
    if (__builtin_expect(mark == 0, 0)) mark = openrx_compute_stack_mark();
    return mark;
}

/// Sets the calling thread's stack mark (tests).
static inline void openrx_set_stack_mark(uintptr_t mark) {
    openrx_stack_mark_value = mark;
}

/// Writes the return addresses on the calling thread's stack (up to `count`, innermost first) to
/// `addresses` by following the frame pointers, and returns how many it wrote: a key for the
/// place that called into the library, cheap enough for every operator a traced program builds
/// (`Sources/RxSwift/Internal/CallerPlace.swift`). Stops at the first frame record outside the
/// calling thread's stack or not above the one before it (a frame built without a frame pointer).
size_t openrx_return_addresses(uintptr_t *addresses, size_t count);

/// Whether the caller's frame is below the calling thread's stack mark, whether or not its
/// trampoline runs.
static inline _Bool openrx_teardown_stack_is_low(void) {
    return (uintptr_t)__builtin_frame_address(0) < openrx_stack_mark();
}

#endif
