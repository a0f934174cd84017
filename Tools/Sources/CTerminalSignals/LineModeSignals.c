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

// What the editor is given, and what it must do besides (see discope_line_mode_set_editor).
static int (*insert_text)(const char *) = NULL;
static void (*redraw_line)(void) = NULL;
// The most bytes a line may take (0: no limit), how many the line being edited took so far, and
// whether it went past the limit (what came after, up to the Enter that ended it, was dropped).
static size_t line_limit = 0;
static size_t line_bytes = 0;
static volatile sig_atomic_t is_line_too_long = 0;
// Set by SIGCONT (`fg` after Ctrl-Z): the prompt and the line are drawn again.
static volatile sig_atomic_t needs_redraw = 0;
// Characters decoded ahead (an escape sequence taken apart, an escaped character's text), handed
// to the editor one a call before anything new is read.
static wchar_t pending[512];
static size_t pending_count = 0, pending_next = 0;

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
  line_bytes = 0;
  is_line_too_long = 0;
  needs_redraw = 0;
  pending_count = pending_next = 0;
  is_line_interrupted = 0;
  is_reading_line = 1;
}

int discope_line_mode_end_line(void) {
  is_reading_line = 0;
  int interrupted = is_line_interrupted;
  is_line_interrupted = 0;
  return interrupted;
}

// `fg`: the shell printed its own lines over the prompt; the editor draws it again, with the line.
static void continue_by_signal(int signo) {
  (void)signo;
  if (is_reading_line) needs_redraw = 1;
}

void discope_line_mode_set_editor(int (*insert)(const char *), void (*redraw)(void), size_t limit) {
  insert_text = insert;
  redraw_line = redraw;
  line_limit = limit;
  struct sigaction action;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  action.sa_handler = continue_by_signal;
  sigaction(SIGCONT, &action, NULL);
}

#define DISCOPE_LINE_MODE_REDISPLAY_KEY 0x9D
#define READ_INTERRUPTED (-1)
#define READ_TIMED_OUT (-2)
#define READ_REDRAW (-3)

// Waits for a byte with SIGINT unblocked only inside pselect: a Ctrl-C that comes after the flag
// was checked is then still seen (pselect returns EINTR), rather than lost until the next key.
// `wait_ms` < 0 waits as long as it takes; otherwise READ_TIMED_OUT when nothing came in time.
static int read_byte(int descriptor, unsigned char *byte, int wait_ms) {
  sigset_t interrupt, saved;
  sigemptyset(&interrupt);
  sigaddset(&interrupt, SIGINT);
  for (;;) {
    pthread_sigmask(SIG_BLOCK, &interrupt, &saved);
    if (is_line_interrupted) {
      pthread_sigmask(SIG_SETMASK, &saved, NULL);
      return READ_INTERRUPTED;
    }
    fd_set readable;
    FD_ZERO(&readable);
    FD_SET(descriptor, &readable);
    sigset_t waiting = saved;
    sigdelset(&waiting, SIGINT);
    struct timespec timeout = {wait_ms / 1000, (long)(wait_ms % 1000) * 1000000L};
    int ready = pselect(descriptor + 1, &readable, NULL, NULL, wait_ms < 0 ? NULL : &timeout, &waiting);
    pthread_sigmask(SIG_SETMASK, &saved, NULL);
    if (ready < 0) {
      if (errno != EINTR) return READ_INTERRUPTED;
      // SIGINT sets the flag (seen above); SIGCONT asks for the line again; SIGWINCH reads on.
      if (needs_redraw) return READ_REDRAW;
      continue;
    }
    if (ready == 0) return READ_TIMED_OUT;
    ssize_t count = read(descriptor, byte, 1);
    if (count == 1) {
      line_bytes++;
      return 1;
    }
    if (count < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    return READ_INTERRUPTED;  // End of input, or an error.
  }
}

// One character in the locale's encoding, as libedit's own reader gathers it (an invalid byte is
// dropped, and said). The first byte may wait `wait_ms` (see read_byte); the rest of a character
// already begun is waited for.
static int read_character(int descriptor, wchar_t *character, int wait_ms) {
  char bytes[MB_LEN_MAX];
  size_t count = 0;
  for (;;) {
    unsigned char byte;
    int got = read_byte(descriptor, &byte, count == 0 ? wait_ms : -1);
    if (got != 1) return got;
    bytes[count++] = (char)byte;
    mbstate_t state;
    memset(&state, 0, sizeof state);
    size_t length = mbrtowc(character, bytes, count, &state);
    if (length == (size_t)-2 && count < sizeof bytes) continue;  // More bytes to come.
    if (length == (size_t)-1 || length == (size_t)-2) {
      has_dropped_bytes = 1;
      count = 0;
      continue;
    }
    if (length == 0) *character = 0;
    return 1;
  }
}

static void push(wchar_t character) {
  if (pending_count < sizeof pending / sizeof pending[0]) pending[pending_count++] = character;
}

// `\u{1B}`, as the `.dis` language writes a character: what the line shows instead of it.
static void push_escaped(wchar_t character) {
  char text[16];
  snprintf(text, sizeof text, "\\u{%X}", (unsigned)character);
  for (char *c = text; *c; c++) push((wchar_t)(unsigned char)*c);
}

// Drawn raw, a bidirectional control reorders the line (U+202E), and a C1 control drives the
// terminal: the line shows it escaped, which in a string means the same character.
static int is_shown_escaped(wchar_t c) {
  return (c >= 0x80 && c < 0xA0) || c == 0x061C || c == 0x200E || c == 0x200F
    || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

// Text the editor inserts as it is (no key binding, nothing to escape).
static int is_plain_text(wchar_t c) { return c >= 0x20 && c != 0x7F && !is_shown_escaped(c); }

// After ESC: a key's sequence (arrows, Home, End, Delete, PgUp, a modifier with one, Shift-Tab,
// ESC O x, Meta-x) goes to the editor as it came; a sequence no key sends (a colour, `ESC [ 31 m`,
// pasted) is shown escaped, `\u{1B}[31m`, rather than half taken as a key and the rest as text.
static void take_escape_sequence(int descriptor) {
  enum { wait_ms = 30 };
  wchar_t next;
  int got = read_character(descriptor, &next, wait_ms);
  if (got != 1) {
    push(0x1B);  // Esc alone.
    return;
  }
  if (next != L'[') {
    push(0x1B);
    push(next);
    if (next == L'O') {
      wchar_t key;
      if (read_character(descriptor, &key, wait_ms) == 1) push(key);
    }
    return;
  }
  wchar_t body[32];
  size_t length = 0;
  wchar_t final = 0;
  while (length < sizeof body / sizeof body[0]) {
    wchar_t c;
    if (read_character(descriptor, &c, wait_ms) != 1) break;
    if (c >= 0x40 && c <= 0x7E) {
      final = c;
      break;
    }
    body[length++] = c;
  }
  int is_key = final != 0 && wcschr(L"ABCDHFZ~", final) != NULL;
  for (size_t i = 0; i < length && is_key; i++) is_key = (body[i] >= L'0' && body[i] <= L'9') || body[i] == L';';
  if (is_key) {
    push(0x1B);
    push(L'[');
  } else {
    push_escaped(0x1B);
    push(L'[');
  }
  for (size_t i = 0; i < length; i++) {
    if (is_plain_text(body[i])) push(body[i]); else push_escaped(body[i]);
  }
  if (final) push(final);
}

// A line past the limit: the rest of it, up to the Enter that ends it, is read and dropped, so
// the editor (which draws the whole line again at each character) never holds more; Enter then
// ends the line, which the caller refuses (discope_line_mode_take_too_long).
static int drop_rest_of_line(int descriptor) {
  is_line_too_long = 1;
  for (;;) {
    unsigned char byte;
    int got = read_byte(descriptor, &byte, -1);
    if (got == READ_REDRAW) continue;
    if (got != 1) return -1;
    if (byte == '\r' || byte == '\n') {
      line_bytes--;  // The Enter is not the line's.
      return byte;
    }
  }
}

int discope_line_mode_getc(FILE *stream) {
  int descriptor = stream ? fileno(stream) : STDIN_FILENO;
  for (;;) {
    if (needs_redraw) {
      needs_redraw = 0;
      if (redraw_line) redraw_line();
    }
    if (pending_next < pending_count) {
      wchar_t character = pending[pending_next++];
      if (pending_next == pending_count) pending_count = pending_next = 0;
      return (int)character;
    }
    if (is_line_too_long || (line_limit > 0 && line_bytes > line_limit)) return drop_rest_of_line(descriptor);
    wchar_t character;
    int got = read_character(descriptor, &character, -1);
    if (got == READ_REDRAW) continue;
    if (got != 1) return -1;
    if (character == 0x1B) {
      take_escape_sequence(descriptor);
      continue;
    }
    if (is_shown_escaped(character)) {
      push_escaped(character);
      continue;
    }
    if (!is_plain_text(character)  || !insert_text) return (int)character;
    // Text typed or pasted: what else is already there is inserted with it, and the editor draws
    // the line once for all of it, rather than once a character (which took time in the square
    // of a pasted line's length). It stops before a key that is not text (Enter, Tab, Esc…).
    char chunk[4096];
    size_t used = 0;
    wchar_t last = character;
    for (;;) {
      wchar_t next;
      if (used + 2 * MB_LEN_MAX + 1 >= sizeof chunk || (line_limit > 0 && line_bytes > line_limit)) break;
      int more = read_character(descriptor, &next, 0);
      if (more != 1) break;
      if (!is_plain_text(next)) {
        // Handed over after the text, as it came (an Esc's sequence taken apart first).
        if (next == 0x1B) take_escape_sequence(descriptor);
        else if (is_shown_escaped(next)) push_escaped(next);
        else push(next);
        break;
      }
      // All but the last character go in at once; the editor takes the last as a key, and draws.
      mbstate_t state;
      memset(&state, 0, sizeof state);
      size_t length = wcrtomb(chunk + used, last, &state);
      if (length != (size_t)-1) used += length;
      last = next;
    }
    if (used == 0) return (int)last;
    mbstate_t state;
    memset(&state, 0, sizeof state);
    size_t length = wcrtomb(chunk + used, last, &state);
    if (length != (size_t)-1) used += length;
    chunk[used] = 0;
    insert_text(chunk);
    // The editor draws what was inserted at a key bound to its redisplay (which no terminal key
    // sends: C1 controls typed are shown escaped, above).
    return DISCOPE_LINE_MODE_REDISPLAY_KEY;
  }
}

int discope_line_mode_take_too_long(size_t *bytes) {
  int too_long = is_line_too_long || (line_limit > 0 && line_bytes > line_limit);
  if (bytes) *bytes = line_bytes;
  is_line_too_long = 0;
  return too_long;
}

int discope_line_mode_take_dropped_bytes(void) {
  int dropped = has_dropped_bytes;
  has_dropped_bytes = 0;
  return dropped;
}
