#ifndef DISCOPE_LINE_MODE_SIGNALS_H
#define DISCOPE_LINE_MODE_SIGNALS_H

#include <stdio.h>

/// Saves the terminal's modes now, and on SIGTERM, SIGHUP or SIGQUIT puts them back and ends
/// this process (only this one) as the signal would have. SIGINT does the same, except while a
/// line is edited (`discope_line_mode_begin_line`): there it cancels the line. For the line REPL,
/// whose editor changes the modes while it reads. On SIGTSTP (Ctrl-Z) it puts them back while
/// stopped, and the editor's again when continued. A signal ignored at start (nohup) stays ignored.
void discope_line_mode_trap_signals(void);

/// A line is being edited from now on: SIGINT cancels it instead of ending the process.
void discope_line_mode_begin_line(void);

/// The line is no longer edited. Returns 1 when SIGINT cancelled it, else 0.
int discope_line_mode_end_line(void);

/// libedit's `rl_getc_function`: the next character typed (in the locale's encoding), or -1 at
/// end of input, on an error, or once SIGINT cancelled the line (libedit's `readline` then
/// returns NULL). Its own reader retries a read interrupted by a signal, so Ctrl-C could not
/// end a line.
int discope_line_mode_getc(FILE *stream);

/// Whether a byte the locale could not decode was dropped since the last call (a character beyond
/// ASCII typed under a locale that is not UTF-8), and clears it.
int discope_line_mode_take_dropped_bytes(void);

#endif
