#ifndef DISCOPE_BENCH_CHEAP_INFO_H
#define DISCOPE_BENCH_CHEAP_INFO_H

#include <stddef.h>

/// Bytes the process's malloc has handed out and not yet taken back (glibc's
/// `mallinfo2().uordblks` plus its mmapped blocks, `hblkhd`), or -1 where glibc is not
/// the allocator. Swift's Glibc module does not import <malloc.h>, hence this shim.
long long discope_bench_heap_bytes_in_use(void);

#endif
