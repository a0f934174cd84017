#ifndef DISCOPE_LINE_MODE_SIGNALS_H
#define DISCOPE_LINE_MODE_SIGNALS_H

/// Saves the terminal's modes now, and on SIGINT, SIGTERM, SIGHUP or SIGQUIT puts them back and
/// ends this process (only this one) as the signal would have. For the line REPL, whose editor
/// changes the modes while it reads. On SIGTSTP (Ctrl-Z) it puts them back while stopped, and the
/// editor's again when continued. A signal ignored at start (nohup) stays ignored.
void discope_line_mode_trap_signals(void);

#endif
