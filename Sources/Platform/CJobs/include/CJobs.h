// Where the program's asynchronous jobs run. See Docs/DECISIONS.md, "Async jobs run on the main queue".
#ifndef MVVM_TUI_CJOBS_H
#define MVVM_TUI_CJOBS_H

/// Sends every job that Swift concurrency would give its global executor to the main queue
/// instead. Call once, first thing, from the program (never from tests).
///
/// On Linux the global executor is libdispatch's worker pool; its first use starts a monitor
/// timer that wakes the process every second for the rest of its life. The program's own queues
/// resume their callers through the main queue already (MainQueueTaskExecutor); the jobs left
/// are swift-subprocess's, about 70 for each curl it runs, short hops that cost nothing on the
/// main queue. Docs/DECISIONS.md lists them.
void cj_run_global_jobs_on_main_queue(void);

#endif
