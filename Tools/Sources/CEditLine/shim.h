#ifndef DISCOPE_CEDITLINE_SHIM_H
#define DISCOPE_CEDITLINE_SHIM_H
// The C edge of the line REPL: only the Swift module `TerminalUI` imports this.
// libedit's readline-compatible API is used; its variadic el_set/history are not.
#include <stdio.h>
#include <stdlib.h>
#include <editline/readline.h>

// C globals are not concurrency-safe under Swift 6: reach them through getters and setters.
static inline void discope_rl_set_attempted_completion(rl_completion_func_t *function) {
  rl_attempted_completion_function = function;
}
// 1: never fall back to file-name completion when the Swift completer has no match.
static inline void discope_rl_set_attempted_completion_over(int value) {
  rl_attempted_completion_over = value;
}
static inline void discope_rl_set_completion_append_character(int c) {
  rl_completion_append_character = c;
}
static inline void discope_rl_set_readline_name(const char *name) { rl_readline_name = name; }
static inline const char *discope_rl_line_buffer(void) { return rl_line_buffer; }
static inline int discope_history_length(void) { return history_length; }
static inline int discope_history_base(void) { return history_base; }
static inline const char *discope_history_line(int offset) {
  HIST_ENTRY *entry = history_get(history_base + offset);
  return entry ? entry->line : NULL;
}

// libedit's own signal handler puts the terminal back, then sends the signal again with
// `kill(0, signo)`: to the whole process group, so SIGTERM to `discope repl` would also end the
// shell script or pipeline that started it. The REPL turns it off and traps signals itself
// (`CTerminalSignals`). Call before libedit is set up (`using_history` sets it up).
static inline void discope_rl_set_catch_signals(int value) { rl_catch_signals = value; }
// The function libedit reads each character with; used only if set before libedit is set up.
static inline void discope_rl_set_getc_function(int (*function)(FILE *)) { rl_getc_function = function; }
#endif
