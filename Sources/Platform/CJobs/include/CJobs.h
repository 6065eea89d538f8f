// Where the program's asynchronous jobs run. See Docs/DECISIONS.md, "Async jobs run on the main queue".
#ifndef MVVM_TUI_CJOBS_H
#define MVVM_TUI_CJOBS_H

/// Sends every job that Swift concurrency would give its global executor to the main queue
/// instead. Call once, first thing, from the program (never from tests).
///
/// On Linux the global executor is libdispatch's worker pool; its first use starts a monitor
/// timer that wakes the process every second for the rest of its life. The program's slow work
/// runs on threads of its own (embedded data, curl), so the only global jobs are the short hops
/// of tasks that resume after such work; they cost nothing on the main queue.
void cj_run_global_jobs_on_main_queue(void);

#endif
