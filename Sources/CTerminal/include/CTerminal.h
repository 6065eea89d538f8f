// Terminal support that must be written in C: a crash handler that restores the terminal
// using only async-signal-safe calls, and a look at how a signal is handled.
#ifndef MVVM_TUI_CTERMINAL_H
#define MVVM_TUI_CTERMINAL_H

#include <stddef.h>

/// Remembers the terminal modes of `fd` as they are now, before curses changes them.
/// Returns 0 on success, -1 when `fd` is not a terminal.
int ct_save_terminal(int fd);

/// Remembers the escape sequence that puts the screen back (leave the alternate screen, show
/// the cursor). Returns 0 on success, -1 when it is too long.
int ct_set_restore_sequence(const char *sequence, size_t length);

/// Writes the restore sequence and puts the saved modes back. Async-signal-safe.
void ct_restore_terminal(void);

/// Installs handlers for SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGFPE and SIGABRT that restore the
/// terminal, then hand the signal to the handler that was there before (or the default), so
/// the crash is still reported. Runs on an alternate stack so a stack overflow is caught too.
int ct_install_crash_restore(void);

/// 1 when `signal_number` is caught by a handler, 0 when it is ignored or left to its default.
int ct_signal_is_caught(int signal_number);

#endif
