#ifndef CDISCOPE_CURRENT_EXECUTOR_H
#define CDISCOPE_CURRENT_EXECUTOR_H

#include <stdbool.h>
#include <stdint.h>

/// Whether the current task (or thread) runs on the serial executor whose two words are
/// `identity` and `implementation` (an `UnownedSerialExecutor`, as bits): the check
/// `MainActor.assumeIsolated` makes before it traps, made here without trapping. DIScope asks it
/// before running a `@MainActor` factory synchronously, so that a resolve off the main actor is
/// an error, never a crash.
bool discope_is_current_executor(const void *_Nullable identity, uintptr_t implementation);

#endif
