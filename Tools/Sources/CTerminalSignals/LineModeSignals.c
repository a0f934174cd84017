#include "LineModeSignals.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/select.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

static struct termios saved_terminal;
static volatile sig_atomic_t has_saved_terminal = 0;
// Set between discope_line_mode_begin_line and discope_line_mode_end_line: a line is being edited.
static volatile sig_atomic_t is_reading_line = 0;
// Set by SIGINT while a line is edited: the line is cancelled.
static volatile sig_atomic_t is_line_interrupted = 0;
static pthread_t reader_thread;
// Set when a byte the locale cannot decode was dropped from the line being edited (a character
// beyond ASCII typed under LANG=C): the line is then not what was typed.
static volatile sig_atomic_t has_dropped_bytes = 0;

// Async-signal-safe calls only: tcgetattr, tcsetattr, write, signal, sigaction, sigprocmask,
// raise, pthread_self, pthread_equal, pthread_kill.
static void end_by_signal(int signo) {
  if (has_saved_terminal) tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_terminal);
  // Ended at a prompt: what the shell prints next goes on a line of its own.
  if (is_reading_line) (void)!write(STDOUT_FILENO, "\n", 1);
  signal(signo, SIG_DFL);
  raise(signo);
}

// SIGINT (Ctrl-C): while a line is edited it cancels the line, as in every line editor; the
// editor's read returns (discope_line_mode_getc sees the flag). Otherwise (a command running)
// there is no line to cancel, and it ends the process as before.
static void interrupt_line(int signo) {
  if (!is_reading_line) {
    end_by_signal(signo);
    return;
  }
  is_line_interrupted = 1;
  // A process-directed signal may be delivered on another thread: pass it to the reading one,
  // whose wait it must interrupt.
  if (!pthread_equal(pthread_self(), reader_thread)) pthread_kill(reader_thread, signo);
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
  action.sa_flags = 0;  // No SA_RESTART: a signal interrupts the wait for a key.
  const int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
  for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
    struct sigaction previous;
    if (sigaction(signals[i], NULL, &previous) == 0 && previous.sa_handler == SIG_IGN) continue;
    action.sa_handler = signals[i] == SIGINT ? interrupt_line : end_by_signal;
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

void discope_line_mode_begin_line(void) {
  reader_thread = pthread_self();
  is_line_interrupted = 0;
  is_reading_line = 1;
}

int discope_line_mode_end_line(void) {
  is_reading_line = 0;
  int interrupted = is_line_interrupted;
  is_line_interrupted = 0;
  return interrupted;
}

// Waits for a byte with SIGINT unblocked only inside pselect: a Ctrl-C that comes after the flag
// was checked is then still seen (pselect returns EINTR), rather than lost until the next key.
static int read_byte(int descriptor, unsigned char *byte) {
  sigset_t interrupt, saved;
  sigemptyset(&interrupt);
  sigaddset(&interrupt, SIGINT);
  for (;;) {
    pthread_sigmask(SIG_BLOCK, &interrupt, &saved);
    if (is_line_interrupted) {
      pthread_sigmask(SIG_SETMASK, &saved, NULL);
      return -1;
    }
    fd_set readable;
    FD_ZERO(&readable);
    FD_SET(descriptor, &readable);
    sigset_t waiting = saved;
    sigdelset(&waiting, SIGINT);
    int ready = pselect(descriptor + 1, &readable, NULL, NULL, NULL, &waiting);
    pthread_sigmask(SIG_SETMASK, &saved, NULL);
    if (ready < 0) {
      if (errno == EINTR) continue;  // SIGINT sets the flag; SIGWINCH, SIGCONT read on.
      return -1;
    }
    ssize_t count = read(descriptor, byte, 1);
    if (count == 1) return 1;
    if (count < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    return -1;  // End of input, or an error.
  }
}

int discope_line_mode_getc(FILE *stream) {
  int descriptor = stream ? fileno(stream) : STDIN_FILENO;
  // libedit takes one character a call: the bytes of one are gathered in the locale's encoding,
  // as its own reader does (an invalid byte is dropped).
  char bytes[MB_LEN_MAX];
  size_t count = 0;
  for (;;) {
    unsigned char byte;
    if (read_byte(descriptor, &byte) != 1) return -1;
    bytes[count++] = (char)byte;
    wchar_t character;
    mbstate_t state;
    memset(&state, 0, sizeof state);
    size_t length = mbrtowc(&character, bytes, count, &state);
    if (length == (size_t)-2 && count < sizeof bytes) continue;  // More bytes to come.
    if (length == (size_t)-1 || length == (size_t)-2) {
      has_dropped_bytes = 1;
      count = 0;
      continue;
    }
    return (int)character;
  }
}

int discope_line_mode_take_dropped_bytes(void) {
  int dropped = has_dropped_bytes;
  has_dropped_bytes = 0;
  return dropped;
}
