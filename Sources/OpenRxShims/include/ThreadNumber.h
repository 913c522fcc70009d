// A small number for the calling thread, for spreading threads over the parts of a structure
// they would otherwise all lock (`DisposeBag`, `Sources/RxSwift/Disposables/DisposeBag.swift`).
#ifndef OPENRX_THREAD_NUMBER_H
#define OPENRX_THREAD_NUMBER_H

#include <stdint.h>

/// The calling thread's number, 0 until the thread first asks: a thread-local word read with
/// one instruction (initial-exec).
extern __attribute__((tls_model("initial-exec"))) _Thread_local uint32_t openrx_thread_number_value;

/// Gives the calling thread the next number (from 1, in the order threads first ask), and
/// returns it.
uint32_t openrx_assign_thread_number(void);

/// The calling thread's number: from 1, in the order threads first asked, the same for the
/// thread's life.
static inline uint32_t openrx_thread_number(void) {
    uint32_t number = openrx_thread_number_value;
    if (__builtin_expect(number == 0, 0)) number = openrx_assign_thread_number();
    return number;
}

#endif
