import Foundation

/// `Scripts/delay_proxy.py` on a free loopback port in front of a server, with no round trip
/// added, failing the requests it is told to: the connection cut mid-answer, 500, 503, or no
/// answer at all (`Fault`). Each request takes the next fault told; once they are spent, every
/// request passes. Started and watched as Radicale is (`LoopbackServerProcess`).
///
/// ```swift
/// let proxy = try await FaultProxy.start(in: radicale.baseURL)
/// try proxy.fail([.pass, .cut])  // the second request's answer is cut
/// proxy.stop()
/// ```
public final class FaultProxy: Sendable {
    /// What the proxy does with one request.
    public enum Fault: String, Sendable, CaseIterable {
        /// Sent on and answered.
        case pass
        /// Sent on; its answer cut in the middle, and the connection closed.
        case cut
        /// Answered 500 by the proxy; the server never sees it.
        case internalError = "500"
        /// Answered 503 by the proxy; the server never sees it.
        case unavailable = "503"
        /// Never answered, until the client closes the connection.
        case stall
    }

    /// A failure to start the proxy.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        init(_ description: String) {
            self.description = description
        }
    }

    /// The proxy's URL for `url` of the server: the same path, through the proxy's port.
    public func url(for url: URL) -> URL {
        var parts = URLComponents(url: url, resolvingAgainstBaseURL: true)!
        parts.port = Int(process.port)
        return parts.url!
    }

    private let process: LoopbackServerProcess
    private let faults: URL

    private init(process: LoopbackServerProcess, faults: URL) {
        self.process = process
        self.faults = faults
    }

    /// Starts the proxy in front of the server at `server` (its host and port), passing every
    /// request until told otherwise.
    public static func start(in server: URL) async throws -> FaultProxy {
        try StartsProcesses.require(for: "FaultProxy.start")
        LoopbackServerProcess.removeFoldersOfEndedProcesses(prefix: "mvvm-tui-proxy-")
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("mvvm-tui-proxy-\(getpid())-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let faults = folder.appendingPathComponent("faults")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/delay_proxy.py").path
        let target = "\(server.host ?? "127.0.0.1"):\(server.port ?? 80)"
        let launch = { (port: UInt16) in
            try LoopbackServerProcess.launch(
                module: script,
                arguments: ["--target", target, "--round-trip-ms", "0", "--port", String(port), "--faults", faults.path],
                port: port, folder: folder, logFile: folder.appendingPathComponent("proxy.log"),
                failing: Failure.init)
        }
        let process = try await LoopbackServerProcess.start(
            name: "delay_proxy.py", within: .seconds(10), hint: { _ in "" }, failing: Failure.init, launch: launch)
        return FaultProxy(process: process, faults: faults)
    }

    /// Makes the next requests meet `faults`, one each, in order, in place of any told before.
    public func fail(_ faults: [Fault]) throws {
        try Data(faults.map { $0.rawValue + "\n" }.joined().utf8).write(to: self.faults, options: .atomic)
    }

    /// How many of the faults told are still to meet a request.
    public var faultsLeft: Int {
        ((try? String(contentsOf: faults, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    /// Ends the proxy and removes its folder.
    public func stop() {
        process.stop()
    }
}
