#ifndef CDISCOPE_ASYMMETRIC_FENCE_H
#define CDISCOPE_ASYMMETRIC_FENCE_H

#include <stdbool.h>

/// An asymmetric fence: a pair that orders memory as two full fences would, where the side run
/// often (the light one) costs nothing at run time and the side run rarely (the heavy one) pays
/// for both.
///
/// The light fence only stops the compiler from moving memory accesses across it. The heavy one
/// is Linux's `membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED)`: every thread of the process that is
/// running executes a full memory barrier before it returns (and one that is not running passed
/// through one when it was switched out). So for a thread that runs `store A; light; load B`
/// and one that runs `store B; heavy; load A`, at least one of the loads sees the other's store,
/// as if both had full fences. DIScope's lock gives its word back with a plain store and a light
/// fence, and a thread about to park behind it runs the heavy one (see `Protected`).
///
/// `discope_heavy_fence_is_available` registers the process for the heavy fence, once, and says
/// whether the kernel has it (Linux 4.14 and later; never on other systems, where callers use a
/// full fence on both sides instead). Call it before the first light fence whose pair is heavy.
bool discope_heavy_fence_is_available(void);

/// The heavy side. Only after `discope_heavy_fence_is_available` returned true.
void discope_heavy_fence(void);

/// The light side: no instruction, only a barrier to the compiler.
static inline __attribute__((always_inline)) void discope_light_fence(void) {
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
}

#endif
