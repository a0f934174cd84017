#include "ImmortalObject.h"

#include <stdatomic.h>
#include <stdint.h>

// The Swift runtime's own entry point (it makes static and global objects immortal), in Swift's
// calling convention. On Linux, a weak reference, so that a runtime without it links and the check
// below sees null. Apple's linker refuses a weak reference to a symbol its SDK's runtime does not
// list, so there it is looked up as the process runs: an OS runtime without it is a null too.
#if defined(__APPLE__)
#include <dlfcn.h>
typedef void (*discope_immortalize_t)(void *_Nonnull object) __attribute__((swiftcall));
static discope_immortalize_t immortalize_entry(void) {
  static _Atomic(discope_immortalize_t) entry = NULL;
  static _Atomic bool looked = false;
  if (!atomic_load_explicit(&looked, memory_order_acquire)) {
    atomic_store_explicit(&entry, (discope_immortalize_t)dlsym(RTLD_DEFAULT, "_swift_stdlib_immortalize"),
                          memory_order_relaxed);
    atomic_store_explicit(&looked, true, memory_order_release);
  }
  return atomic_load_explicit(&entry, memory_order_relaxed);
}
#define DISCOPE_IMMORTALIZE immortalize_entry()
#else
extern void _swift_stdlib_immortalize(void *_Nonnull object)
    __attribute__((swiftcall)) __attribute__((weak));
#define DISCOPE_IMMORTALIZE _swift_stdlib_immortalize
#endif

bool discope_make_immortal(void *object) {
#if defined(__LP64__)
  if (!DISCOPE_IMMORTALIZE) return false;
  // A heap object is { metadata, reference counts }. On 64-bit platforms the top bit of the count
  // word (UseSlowRC) is set once the object has a side table or is immortal; the runtime's
  // immortalize assumes inline counts, so such an object is left alone.
  _Atomic uint64_t *counts = (_Atomic uint64_t *)((char *)object + sizeof(void *));
  if (atomic_load_explicit(counts, memory_order_relaxed) >> 63) return false;
  DISCOPE_IMMORTALIZE(object);
  return true;
#else
  (void)object;
  return false;
#endif
}
