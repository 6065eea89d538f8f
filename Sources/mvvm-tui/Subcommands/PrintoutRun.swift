import Binding
import CJobs
import Foundation
import Renderer
import Terminal

/// Runs a subcommand's view-model on the program's one event loop (`EventLoop`, the app's too)
/// until its busy output falls, writes its printout, and ends the program: status 0 with a
/// result; with the screen's problem (written to standard error too), the printout's
/// `problemStatus`: 1, or 75 for a sync that another process held off. A reader that goes away
/// (`| head -1`) ends it quietly.
@MainActor
enum PrintoutRun {
    /// Calls `appear` (the screen came into view), waits until `printout` is idle, calls
    /// `whenIdle` (a last input before writing), writes it as JSON (`json`) or text in `style`,
    /// and exits.
    static func run(
        _ printout: any Printout, json: Bool, style: TextStyle, whenIdle: @escaping @MainActor () -> Void = {},
        appear: () -> Void
    ) -> Never {
        signal(SIGPIPE, SIG_IGN)
        appear()
        let token = printout.whenIdle {
            whenIdle()
            finish(printout, json: json, style: style)
        }
        withExtendedLifetime(token) { EventLoop.run() }
    }

    /// Jobs go to the main queue, as in the app (see `cj_run_global_jobs_on_main_queue`): the
    /// view-models' tasks run there, between the busy output's changes. Call before any task starts.
    nonisolated static func prepare() {
        cj_run_global_jobs_on_main_queue()
    }

    private static func finish(_ printout: any Printout, json: Bool, style: TextStyle) -> Never {
        let problem = printout.problem
        if json {
            do {
                write(try printout.json(), to: STDOUT_FILENO)
            } catch {
                write(MvvmTui.messagePrefix + "the result cannot be written as JSON: \(error)\n", to: STDERR_FILENO)
                exit(1)
            }
        } else if problem == nil {
            write(printout.text(style: style), to: printout.writesTextToStandardError ? STDERR_FILENO : STDOUT_FILENO)
        }
        guard let problem else { exit(0) }
        write(MvvmTui.messagePrefix + "\(problem)\n", to: STDERR_FILENO)
        exit(printout.problemStatus)
    }

    /// Writes all of `text`; a closed pipe ends the program at once, quietly, with status 0.
    static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { _exit(0) }
                _exit(1)
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
