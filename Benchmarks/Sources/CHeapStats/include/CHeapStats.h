#include <stddef.h>

/// Bytes currently allocated from the C heap (glibc's mallinfo2().uordblks; 0 elsewhere).
size_t openrx_heap_in_use(void);
