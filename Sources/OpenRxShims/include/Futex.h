// The futex calls behind OpenRx's lock on Linux (`Sources/RxSwift/Internal/Lock.swift`).
//
// `syscall` is variadic, so Swift cannot call it; these inline wrappers are compiled into their
// callers. They are plain (not priority-inheritance) private futexes: a wake makes a waiter
// runnable without handing it the lock, so a running thread may take the lock first, and a
// contended lock keeps going while the woken thread waits for a core.
#ifndef OPENRX_FUTEX_H
#define OPENRX_FUTEX_H

#if defined(__linux__)
#include <linux/futex.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

/// Sleeps while the 32-bit word at `address` holds `expected` (returns at once if it does not,
/// and may return spuriously: the caller checks the word again).
static inline void openrx_futex_wait(const void *address, uint32_t expected) {
    syscall(SYS_futex, address, FUTEX_WAIT_PRIVATE, expected, (void *)0, (void *)0, 0);
}

/// Wakes one thread sleeping on the word at `address`, if any.
static inline void openrx_futex_wake_one(const void *address) {
    syscall(SYS_futex, address, FUTEX_WAKE_PRIVATE, 1, (void *)0, (void *)0, 0);
}
#endif

/// Tells the processor that the caller is spinning (x86 `pause`, ARM `yield`).
static inline void openrx_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}

#endif
