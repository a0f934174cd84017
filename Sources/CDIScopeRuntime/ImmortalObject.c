#include "ImmortalObject.h"

#include <stdatomic.h>
#include <stdint.h>

// The Swift runtime's own entry point (it makes static and global objects immortal). Swift calling
// convention; weak, so that a runtime without it links and the check below sees null.
extern void _swift_stdlib_immortalize(void *_Nonnull object)
    __attribute__((swiftcall)) __attribute__((weak));

bool discope_make_immortal(void *object) {
#if defined(__LP64__)
  if (!_swift_stdlib_immortalize) return false;
  // A heap object is { metadata, reference counts }. On 64-bit platforms the top bit of the count
  // word (UseSlowRC) is set once the object has a side table or is immortal; the runtime's
  // immortalize assumes inline counts, so such an object is left alone.
  _Atomic uint64_t *counts = (_Atomic uint64_t *)((char *)object + sizeof(void *));
  if (atomic_load_explicit(counts, memory_order_relaxed) >> 63) return false;
  _swift_stdlib_immortalize(object);
  return true;
#else
  (void)object;
  return false;
#endif
}
