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

/// Makes the editor's input what a terminal user expects (called once, after
/// `discope_line_mode_trap_signals`):
/// - text typed or pasted goes to the editor through `insert` (libedit's `rl_insert_text`) as
///   much as is already there at once, so a pasted line is drawn once, not once a character;
/// - on SIGCONT (`fg` after Ctrl-Z) `redraw` (libedit's `rl_forced_update_display`) draws the
///   prompt and the line again, from the reading thread, not from the signal handler;
/// - a line that takes more than `limit` bytes (0: no limit) takes no more: the rest, up to its
///   Enter, is dropped, and `discope_line_mode_take_too_long` says so;
/// - a sequence after Esc that no key sends (a colour, pasted) and a bidirectional or C1 control
///   are given to the editor as the text `\u{1B}`, `\u{202E}`: shown, never half taken as keys
///   nor drawn raw.
void discope_line_mode_set_editor(int (*insert)(const char *), void (*redraw)(void), size_t limit);

/// Whether the line just read went past the limit (what came after it was dropped), with the
/// bytes it took in `bytes`, and clears it.
int discope_line_mode_take_too_long(size_t *bytes);

/// Whether a byte the locale could not decode was dropped since the last call (a character beyond
/// ASCII typed under a locale that is not UTF-8), and clears it.
int discope_line_mode_take_dropped_bytes(void);

#endif
