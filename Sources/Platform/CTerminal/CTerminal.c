#define _GNU_SOURCE
#include "CTerminal.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/signalfd.h>
#endif

// MARK: - Restoring the terminal

static int saved_fd = -1;
static struct termios saved_modes;
static char restore_sequence[256];
static size_t restore_length = 0;

int ct_save_terminal(int fd) {
    if (tcgetattr(fd, &saved_modes) != 0) return -1;
    saved_fd = fd;
    return 0;
}

int ct_set_restore_sequence(const char *sequence, size_t length) {
    if (length > sizeof restore_sequence) return -1;
    memcpy(restore_sequence, sequence, length);
    restore_length = length;
    return 0;
}

void ct_restore_terminal(void) {
    if (saved_fd < 0) return;
    size_t done = 0;
    while (done < restore_length) {
        ssize_t n = write(saved_fd, restore_sequence + done, restore_length - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            break;
        }
        done += (size_t)n;
    }
    tcsetattr(saved_fd, TCSANOW, &saved_modes);
}

// MARK: - Handlers

// Installs `handler` for each of `signals` with `flags`, every other signal blocked while it runs
// when `block_all` is nonzero; keeps the actions it replaces in `previous` when given.
static int install_handler(const int *signals, int count, void (*handler)(int), int flags, int block_all,
                           struct sigaction *previous) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    action.sa_flags = flags;
    if (block_all) sigfillset(&action.sa_mask); else sigemptyset(&action.sa_mask);
    for (int i = 0; i < count; i++) {
        if (sigaction(signals[i], &action, previous ? &previous[i] : NULL) != 0) return -1;
    }
    return 0;
}

// MARK: - Crash signals

static const int crash_signals[] = { SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGFPE, SIGABRT };
enum { crash_signal_count = sizeof crash_signals / sizeof crash_signals[0] };
static struct sigaction previous_actions[crash_signal_count];

static void crash_handler(int signal_number) {
    ct_restore_terminal();
    for (int i = 0; i < crash_signal_count; i++) {
        if (crash_signals[i] == signal_number) {
            sigaction(signal_number, &previous_actions[i], NULL);
            break;
        }
    }
    // The signal is blocked while this handler runs: it is delivered again, now to the
    // previous handler, as soon as this one returns. A fault also happens again on return.
    raise(signal_number);
}

int ct_install_crash_restore(void) {
    static char *alternate_stack = NULL;
    if (alternate_stack == NULL) {
        size_t size = 64 * 1024;
        alternate_stack = malloc(size);
        if (alternate_stack == NULL) return -1;
        stack_t stack = { .ss_sp = alternate_stack, .ss_size = size, .ss_flags = 0 };
        if (sigaltstack(&stack, NULL) != 0) return -1;
    }
    return install_handler(crash_signals, crash_signal_count, crash_handler, SA_ONSTACK, 0, previous_actions);
}

// MARK: - The signals the program answers

// The handler's end of the self-pipe, and the event loop's; the main thread's signalfd.
static int signal_pipe[2] = { -1, -1 };
static int signal_fd = -1;

// Runs on whichever thread the kernel picked (one that does not block the signal: in practice
// swift-subprocess's monitor thread, which waits with an empty mask). write() is async-signal-safe;
// a full pipe (a burst of the same signal) drops the byte, as the kernel merges a pending signal.
static void hand_to_event_loop(int signal_number) {
    int saved_errno = errno;
    unsigned char number = (unsigned char)signal_number;
    ssize_t written = write(signal_pipe[1], &number, 1);
    (void)written;
    errno = saved_errno;
}

int ct_listen_for_signals(const int *signals, int count) {
    if (pipe2(signal_pipe, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    sigset_t answered;
    sigemptyset(&answered);
    for (int i = 0; i < count; i++) sigaddset(&answered, signals[i]);
    if (install_handler(signals, count, hand_to_event_loop, SA_RESTART, 1, NULL) != 0) return -1;
    if (pthread_sigmask(SIG_BLOCK, &answered, NULL) != 0) return -1;
#ifdef __linux__
    signal_fd = signalfd(-1, &answered, SFD_CLOEXEC | SFD_NONBLOCK);
    if (signal_fd < 0) return -1;
#endif
    return 0;
}

int ct_signal_pipe(void) { return signal_pipe[0]; }

int ct_signal_fd(void) { return signal_fd; }

int ct_take_signal(void) {
    unsigned char number;
    if (signal_pipe[0] >= 0 && read(signal_pipe[0], &number, 1) == 1) return number;
#ifdef __linux__
    struct signalfd_siginfo info;
    if (signal_fd >= 0 && read(signal_fd, &info, sizeof info) == (ssize_t)sizeof info) return (int)info.ssi_signo;
#endif
    return 0;
}
