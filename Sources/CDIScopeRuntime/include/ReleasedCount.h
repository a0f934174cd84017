#ifndef CDISCOPE_RELEASED_COUNT_H
#define CDISCOPE_RELEASED_COUNT_H

#include <stdint.h>

/// How many containers the process has released (see `ReleasedContainers.swift`): read on every
/// root resolve that misses a thread's cache and every mock pushed, so kept in C, where reading
/// it is one load. A Swift global would first check, with a call, that it was initialised.
/// Accessed only through the atomic builtins below.
extern uint64_t discope_released_containers;

static inline __attribute__((always_inline)) uint64_t discope_released_count(void) {
  return __atomic_load_n(&discope_released_containers, __ATOMIC_RELAXED);
}

static inline void discope_set_released_count(uint64_t count) {
  __atomic_store_n(&discope_released_containers, count, __ATOMIC_RELAXED);
}

#endif
