// The parts of ncursesw that Swift can reach only through this header: the wide-character
// API (hidden without _XOPEN_SOURCE_EXTENDED, since SwiftPM drops pkg-config's cflags),
// function-like macros, and global variables that Swift 6 rejects as not concurrency-safe.
#ifndef MVVM_TUI_CNCURSES_SHIM_H
#define MVVM_TUI_CNCURSES_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// Declared here because Glibc hides them behind __USE_XOPEN.
extern int wcwidth(wchar_t c);

static inline WINDOW *mt_stdscr(void) { return stdscr; }
static inline int mt_lines(void) { return LINES; }
static inline int mt_cols(void) { return COLS; }
static inline int mt_colors(void) { return COLORS; }
static inline int mt_color_pairs(void) { return COLOR_PAIRS; }

static inline attr_t mt_a_normal(void) { return A_NORMAL; }
static inline attr_t mt_a_bold(void) { return A_BOLD; }
static inline attr_t mt_a_reverse(void) { return A_REVERSE; }
static inline attr_t mt_a_dim(void) { return A_DIM; }
static inline attr_t mt_a_underline(void) { return A_UNDERLINE; }
static inline int mt_color_pair(short pair) { return COLOR_PAIR(pair); }

/// Whether terminal type `name` can move the cursor to any cell (terminfo's `cup`): 1 when it can;
/// 0 when it cannot (`dumb`, or a hardcopy type); -1 when the terminfo database does not know the
/// type (or cannot be found). Reads the database only: nothing is written to the terminal, and the
/// terminal set up before (none, before `newterm`) is put back whatever the answer.
static inline int mt_can_address_cursor(const char *name) {
    TERMINAL *before = cur_term;
    int error = 0;
    int found = setupterm(name, 1, &error) == OK;
    const char *cup = found ? tigetstr("cup") : NULL;
    int can = cup != NULL && cup != (const char *)-1;
    if (cur_term != before) del_curterm(set_curterm(before));
    if (found) return can;
    return error == 1 ? 0 : -1;  // 1: a hardcopy type, which draws no screen
}

/// Sets one cell's wide character: the first code point spacing, up to four more combining.
static inline int mt_put_cell(WINDOW *win, int row, int col, const wchar_t *wch, attr_t attrs, short pair) {
    cchar_t cell;
    if (setcchar(&cell, wch, attrs, pair, NULL) == ERR) return ERR;
    return mvwadd_wch(win, row, col, &cell);
}

#endif
