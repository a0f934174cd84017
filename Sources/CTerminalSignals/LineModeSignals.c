#include "LineModeSignals.h"

#include <signal.h>
#include <termios.h>
#include <unistd.h>

static struct termios saved_terminal;
static volatile sig_atomic_t has_saved_terminal = 0;

// Async-signal-safe only: tcsetattr, signal, raise.
static void end_by_signal(int signo) {
  if (has_saved_terminal) tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_terminal);
  signal(signo, SIG_DFL);
  raise(signo);
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
}
