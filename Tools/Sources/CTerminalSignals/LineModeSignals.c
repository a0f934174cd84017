#include "LineModeSignals.h"

#include <signal.h>
#include <termios.h>
#include <unistd.h>

static struct termios saved_terminal;
static volatile sig_atomic_t has_saved_terminal = 0;

// Async-signal-safe calls only: tcgetattr, tcsetattr, signal, sigaction, sigprocmask, raise.
static void end_by_signal(int signo) {
  if (has_saved_terminal) tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_terminal);
  signal(signo, SIG_DFL);
  raise(signo);
}

// Ctrl-Z: the shell's modes back while stopped, the editor's again on `fg` (the line is not
// redrawn; libedit's Ctrl-L does that).
static void stop_by_signal(int signo) {
  struct termios editing;
  int has_editing = tcgetattr(STDIN_FILENO, &editing) == 0;
  if (has_saved_terminal) tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_terminal);
  signal(signo, SIG_DFL);
  sigset_t mask;
  sigemptyset(&mask);
  sigaddset(&mask, signo);
  sigprocmask(SIG_UNBLOCK, &mask, NULL);
  raise(signo);  // Stops here until SIGCONT.
  struct sigaction again;
  sigemptyset(&again.sa_mask);
  again.sa_flags = SA_RESTART;
  again.sa_handler = stop_by_signal;
  sigaction(signo, &again, NULL);
  if (has_editing) tcsetattr(STDIN_FILENO, TCSAFLUSH, &editing);
}

void discope_line_mode_trap_signals(void) {
  if (tcgetattr(STDIN_FILENO, &saved_terminal) == 0) has_saved_terminal = 1;
  struct sigaction action;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  action.sa_handler = end_by_signal;
  const int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
  for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
    struct sigaction previous;
    if (sigaction(signals[i], NULL, &previous) == 0 && previous.sa_handler == SIG_IGN) continue;
    sigaction(signals[i], &action, NULL);
  }
  struct sigaction previous;
  if (sigaction(SIGTSTP, NULL, &previous) == 0 && previous.sa_handler != SIG_IGN) {
    // Restarted: the editor's `read` goes on after `fg` instead of failing as if at end of input.
    action.sa_flags = SA_RESTART;
    action.sa_handler = stop_by_signal;
    sigaction(SIGTSTP, &action, NULL);
  }
}
