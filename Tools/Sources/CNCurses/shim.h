#ifndef DISCOPE_CNCURSES_SHIM_H
#define DISCOPE_CNCURSES_SHIM_H
// The C edge of the terminal: only the Swift module `TerminalUI` imports this.
// pkg-config's -D flags are dropped by SwiftPM, so the wide-character API is switched on here.
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <ncurses.h>

// `wcwidth` is hidden by Swift's Glibc module: declare it again (a compatible redeclaration).
extern int wcwidth(wchar_t c);
static inline int discope_wcwidth(wchar_t c) { return wcwidth(c); }
// LC_CTYPE_MASK is an expression macro: give it to Swift as a function.
static inline int discope_lc_ctype_mask(void) { return LC_CTYPE_MASK; }

// C globals are not concurrency-safe under Swift 6: read them through getters.
static inline WINDOW *discope_stdscr(void) { return stdscr; }
static inline WINDOW *discope_curscr(void) { return curscr; }
static inline int discope_lines(void) { return LINES; }
static inline int discope_cols(void) { return COLS; }
static inline FILE *discope_stdout(void) { return stdout; }
static inline FILE *discope_stdin(void) { return stdin; }

// Whether the current terminal can address its cursor (terminfo `cup`): `dumb` cannot.
static inline int discope_can_move_cursor(void) {
  char *cup = tigetstr("cup");
  return cup != NULL && cup != (char *)-1;
}

// Macros that do not import.
static inline attr_t discope_a_normal(void) { return A_NORMAL; }
static inline attr_t discope_a_bold(void) { return A_BOLD; }
static inline attr_t discope_a_reverse(void) { return A_REVERSE; }
static inline attr_t discope_a_dim(void) { return A_DIM; }
static inline attr_t discope_a_underline(void) { return A_UNDERLINE; }
static inline int discope_key_f(int n) { return KEY_F(n); }
static inline int discope_key_code_yes(void) { return KEY_CODE_YES; }

// Attribute and colour setting without the macro forms.
static inline int discope_wattrset(WINDOW *w, attr_t attrs, short pair) {
  return wattr_set(w, attrs, pair, NULL);
}
#endif
