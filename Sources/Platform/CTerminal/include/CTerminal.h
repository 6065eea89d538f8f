// Terminal support that must be written in C: a crash handler that restores the terminal
// using only async-signal-safe calls, and the handler that hands the answered signals to the
// event loop.
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

/// Catches `signals` with a handler of the program's own, on the calling (main) thread, before
/// the first frame: the handler writes the signal's number to a self-pipe, on whichever thread the
/// kernel picked. The signals are blocked on the calling thread (and on the threads it starts,
/// which inherit its mask), and a signal that no thread takes waits, pending, for this thread's
/// signalfd. Nothing depends on another thread being ready: no signal sent after this returns is
/// dropped. Returns 0 on success, -1 on failure.
int ct_listen_for_signals(const int *signals, int count);

/// The self-pipe's read end, for the event loop; -1 before `ct_listen_for_signals`.
int ct_signal_pipe(void);

/// The main thread's signalfd, for the event loop; -1 before `ct_listen_for_signals` (and off Linux).
int ct_signal_fd(void);

/// The next signal waiting in the pipe or the signalfd, or 0 when none waits.
int ct_take_signal(void);

#endif
