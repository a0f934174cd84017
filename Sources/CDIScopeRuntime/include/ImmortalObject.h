#ifndef CDISCOPE_IMMORTAL_OBJECT_H
#define CDISCOPE_IMMORTAL_OBJECT_H

#include <stdbool.h>

/// Makes a native Swift object immortal: never deallocated, and its reference count never written
/// again, so that retains and releases from many threads at once do not contend on its cache line.
///
/// Returns false, changing nothing, where that cannot be done safely: a runtime without
/// `_swift_stdlib_immortalize`, a 32-bit platform, or an object whose reference count has already
/// left its inline form (it has a side table — someone holds a weak reference to it — or is
/// immortal already). The caller then keeps the object alive by other means.
///
/// Call it only on an object no other thread can reach yet: DIScope calls it on a singleton its
/// factory has just built, before the container publishes it.
bool discope_make_immortal(void *_Nonnull object);

#endif
