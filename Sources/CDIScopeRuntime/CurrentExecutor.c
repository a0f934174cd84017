#include "CurrentExecutor.h"

// The Swift runtime's own check (Swift's calling convention; its `SerialExecutorRef` argument,
// two words, is passed as two), in the mode that answers instead of asserting: flags 0 (the
// plain `swift_task_isCurrentExecutor` may end in a crashing `checkIsolated` when the answer is
// no, which is the very case this asks about).
extern bool swift_task_isCurrentExecutorWithFlags(
  const void *_Nullable identity, uintptr_t implementation, uint64_t flags) __attribute__((swiftcall));

bool discope_is_current_executor(const void *_Nullable identity, uintptr_t implementation) {
  return swift_task_isCurrentExecutorWithFlags(identity, implementation, 0);
}
