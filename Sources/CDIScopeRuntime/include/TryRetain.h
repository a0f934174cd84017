#ifndef CDISCOPE_TRY_RETAIN_H
#define CDISCOPE_TRY_RETAIN_H

#include <stdbool.h>

/// Retains a native Swift object unless its deinit has begun (its last strong reference is gone),
/// and says which: the runtime's `swift_tryRetain`, which Swift itself does not expose.
///
/// DIScope lists a family's live children without holding them (`LiveChildList`): the list
/// points at each child unretained, and a child takes itself out in its deinit, under the lock a
/// listing holds. A listing may so meet a child whose deinit waits for that lock; retaining it
/// then would hand out an object about to be freed. Call it only with the object's memory known
/// valid (here: under that lock).
bool discope_try_retain(void *_Nonnull object);

#endif
