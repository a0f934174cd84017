#ifndef CDISCOPE_THREAD_LOCAL_H
#define CDISCOPE_THREAD_LOCAL_H

#include <stdint.h>

/// What DIScope's resolve path reads on every call, per thread: the per-thread cache's hot table,
/// its cold table (names, read only for named keys) and mask, and the thread's `ThreadState` (an unretained `Unmanaged` pointer; the pthread key that
/// owns it releases it when the thread exits and clears this record).
///
/// Swift has no thread-local variables; `pthread_getspecific` is a call into libc per read, which
/// alone cost a third of a cached singleton resolve. A C `__thread` variable is one
/// `%fs`-relative load, inlined into the caller. The initial-exec model keeps it that: the
/// variable lives in the static TLS block (40 bytes of the surplus glibc reserves for libraries),
/// so reads need no `__tls_get_addr` call.
typedef struct {
  void *_Nullable slots;
  void *_Nullable cold;
  intptr_t mask;
  void *_Nullable state;
  /// This thread's identity for DIScope's locks (`Protected`): a number no other thread of the
  /// process ever had, 0 until first asked for. Not the record's address, which a thread that
  /// ends hands to the next one made.
  uintptr_t lock_identity;
} discope_thread_local_t;

#if defined(__linux__) && !defined(__ANDROID__)
#define DISCOPE_TLS_MODEL __attribute__((tls_model("initial-exec")))
#else
#define DISCOPE_TLS_MODEL
#endif

extern __thread discope_thread_local_t discope_thread_local_storage DISCOPE_TLS_MODEL;

/// This thread's record; all zero until DIScope first resolves on the thread.
static inline __attribute__((always_inline)) discope_thread_local_t *_Nonnull
discope_thread_local(void) {
  return &discope_thread_local_storage;
}

#endif
