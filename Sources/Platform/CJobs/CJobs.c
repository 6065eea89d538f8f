#include "CJobs.h"

// The Swift runtime's hook for the global executor (swift/Runtime/Concurrency.h): both the hook
// and the functions it receives use the Swift calling convention.
typedef struct SwiftJob SwiftJob;
typedef void (*__attribute__((swiftcall)) EnqueueGlobalOriginal)(SwiftJob *job);
typedef void (*__attribute__((swiftcall)) EnqueueGlobalHook)(SwiftJob *job, EnqueueGlobalOriginal original);

extern EnqueueGlobalHook swift_task_enqueueGlobal_hook;
extern __attribute__((swiftcall)) void swift_task_enqueueMainExecutor(SwiftJob *job);

static __attribute__((swiftcall)) void enqueue_on_main_queue(SwiftJob *job, EnqueueGlobalOriginal original) {
    (void)original;
    swift_task_enqueueMainExecutor(job);
}

void cj_run_global_jobs_on_main_queue(void) {
    swift_task_enqueueGlobal_hook = enqueue_on_main_queue;
}
