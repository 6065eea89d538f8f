import Binding
import Foundation
import Renderer

/// Writes one line per frame sent to the terminal (`--trace FILE`): what triggered it, how
/// long drawing and sending took, and how many bytes went to the terminal.
///
/// ```
/// frame=1 trigger=start ms=0.912 bytes=1874
/// frame=2 trigger=key ms=0.143 bytes=61
/// ```
public final class FrameTrace {
    private let handle: FileHandle
    private var frames = 0

    /// Opens `path` for writing, replacing what it held.
    public init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    /// Bytes this process has written so far, from the kernel's count (`wchar` in
    /// `/proc/self/io`): ncurses writes to the terminal's descriptor itself, so no stream of
    /// ours sees its output. Nothing else writes while a frame is sent.
    public static func bytesWrittenByProcess() -> Int {
        guard let io = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8),
              let line = io.split(separator: "\n").first(where: { $0.hasPrefix("wchar:") }) else { return 0 }
        return Int(line.dropFirst("wchar:".count).trimmingCharacters(in: .whitespaces)) ?? 0
    }

    /// Records one frame.
    public func record(trigger: String, duration: Duration, bytes: Int) {
        frames += 1
        let line = "frame=\(frames) trigger=\(trigger) ms=\(String(format: "%.3f", duration.milliseconds)) bytes=\(bytes)\n"
        handle.write(Data(line.utf8))
    }
}
