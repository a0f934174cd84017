#include "TryRetain.h"

#include <stddef.h>

// The Swift runtime's entry point (C calling convention): the object retained, or null when its
// deinit has begun.
extern void *_Nullable swift_tryRetain(void *_Nonnull object);

bool discope_try_retain(void *object) { return swift_tryRetain(object) != NULL; }
