import Binding
import Foundation
import Renderer

/// Writes one line per frame sent to the terminal (`--trace FILE`): what triggered it, how
/// long drawing and sending took, and how many bytes and writes went to the terminal.
///
/// ```
/// frame=1 trigger=start ms=0.912 bytes=1874 writes=2
/// frame=2 trigger=key ms=0.143 bytes=61 writes=1
/// ```
public final class FrameTrace {
    /// What the calling thread has written so far, from the kernel's counts in
    /// `/proc/thread-self/io` (`wchar` and `syscw`): ncurses writes to the terminal's descriptor
    /// itself, so no stream of ours sees its output. Frames are drawn and sent on the main
    /// thread; the thread's counts leave out what other threads write meanwhile (the main
    /// queue's wake-ups) and what a child reaped meanwhile wrote (the process's counts take in
    /// a curl's when it is reaped).
    public struct Written {
        public var bytes = 0, writes = 0

        /// The calling thread's counts now.
        public static func byThisThread() -> Written {
            var written = Written()
            guard let io = try? String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8) else { return written }
            for line in io.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, let count = Int(parts[1].trimmingCharacters(in: .whitespaces)) else { continue }
                if parts[0] == "wchar" { written.bytes = count }
                if parts[0] == "syscw" { written.writes = count }
            }
            return written
        }
    }

    private let handle: FileHandle
    private var frames = 0

    /// Opens `path` for writing, replacing what it held.
    public init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    /// Records one frame.
    public func record(trigger: String, duration: Duration, since before: Written) {
        frames += 1
        let now = Written.byThisThread()
        let line =
            "frame=\(frames) trigger=\(trigger) ms=\(String(format: "%.3f", duration.milliseconds)) "
            + "bytes=\(now.bytes - before.bytes) writes=\(now.writes - before.writes)\n"
        handle.write(Data(line.utf8))
    }
}
