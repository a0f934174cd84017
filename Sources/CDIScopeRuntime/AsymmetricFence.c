#include "AsymmetricFence.h"

#if defined(__linux__)
#include <linux/membarrier.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static bool available = false;
static pthread_once_t once = PTHREAD_ONCE_INIT;

// glibc has no wrapper for membarrier, and Swift cannot call the variadic `syscall`.
static long membarrier(int command) { return syscall(__NR_membarrier, command, 0, 0); }

static void register_process(void) {
  long commands = membarrier(MEMBARRIER_CMD_QUERY);
  // Registering is what makes the expedited command legal for this process from now on.
  available = commands >= 0 && (commands & MEMBARRIER_CMD_PRIVATE_EXPEDITED) != 0
              && membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED) == 0;
}

bool discope_heavy_fence_is_available(void) {
  pthread_once(&once, register_process);
  return available;
}

void discope_heavy_fence(void) {
  // Cannot fail once registered (the process registered before any caller could get here). Were
  // it to fail all the same (a sandbox filtering the call after registration), the locks that
  // rely on it would no longer exclude: stop rather than run on unguarded.
  if (membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) != 0) {
    fputs("DIScope: membarrier failed after registering; the family lock cannot be kept\n", stderr);
    abort();
  }
}

#else

bool discope_heavy_fence_is_available(void) { return false; }

void discope_heavy_fence(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

#endif
