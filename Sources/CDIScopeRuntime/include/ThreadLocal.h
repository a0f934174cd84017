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
/// variable lives in the static TLS block (48 bytes of the surplus glibc reserves for libraries),
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
  /// Odd while this thread reads what its cache holds for a container without a lock: from the
  /// generation check that vouches for an entry to the reference count that keeps what it read
  /// (see `discope_begin_cache_read`). Another thread letting go of a shut-down container's
  /// entries in this thread's table waits until it is even, or has moved on (`ThreadCaches`).
  uintptr_t cache_reads;
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

/// Marks the start of a read of this thread's cache entries without a lock (`cache_reads` odd),
/// ordered before the generation check after it by the asymmetric fence pair: a thread that
/// bumps a container's generation, runs the heavy fence, then sees `cache_reads` even (or moved
/// on) has every later read of this thread see the bump, and so never use what the entry held.
/// Plain stores and a barrier to the compiler: the inlined resolve of a cached singleton pays two
/// of each, and no atomic instruction.
static inline __attribute__((always_inline)) void
discope_begin_cache_read(discope_thread_local_t *_Nonnull record) {
  __atomic_store_n(&record->cache_reads,
                   __atomic_load_n(&record->cache_reads, __ATOMIC_RELAXED) + 1, __ATOMIC_RELAXED);
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
}

/// Ends what `discope_begin_cache_read` started, once the reader holds its own reference to what
/// it read (a releasing store: the waiting thread's acquiring load orders its release after).
static inline __attribute__((always_inline)) void
discope_end_cache_read(discope_thread_local_t *_Nonnull record) {
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  __atomic_store_n(&record->cache_reads,
                   __atomic_load_n(&record->cache_reads, __ATOMIC_RELAXED) + 1, __ATOMIC_RELEASE);
}

/// Another thread's `cache_reads`, read by a thread letting go of a shut-down container.
static inline __attribute__((always_inline)) uintptr_t
discope_cache_reads(const discope_thread_local_t *_Nonnull record) {
  return __atomic_load_n(&record->cache_reads, __ATOMIC_ACQUIRE);
}

#endif
