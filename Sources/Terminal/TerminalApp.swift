import CTerminal
import Dispatch
import Foundation
import Renderer

/// Runs the program in the terminal: an event loop that sleeps until a key, a signal or a
/// timer a visible screen asked for, and draws at most one frame per event turn.
///
/// ```swift
/// let app = TerminalApp(useColor: true, trace: nil)
/// let shell = ShellView(shell: …, screens: …, needsDisplay: app.needsDisplay, onQuit: app.quit)
/// app.run(shell)   // never returns; every exit path restores the terminal
/// ```
@MainActor
public final class TerminalApp {

    private let useColor: Bool
    private let useMouse: Bool
    private let trace: FrameTrace?
    private var terminal: NcursesTerminal?
    private var shellView: ShellView?
    private var decoder = InputDecoder()
    /// Waits, after the last bytes read, for the rest of an escape sequence or of a paste.
    private var inputTimer: DispatchWorkItem?
    private var pendingTrigger: String?
    private var sources: [any DispatchSourceProtocol] = []

    /// Creates the app; `useMouse` turns on mouse reporting; `trace` receives one line per frame.
    public init(useColor: Bool, useMouse: Bool, trace: FrameTrace?) {
        self.useColor = useColor
        self.useMouse = useMouse
        self.trace = trace
    }

    // MARK: - Inputs

    /// Asks for a frame at the end of this event turn (many asks make one frame).
    public func needsDisplay() {
        requestFrame(trigger: "update")
    }

    /// Restores the terminal and exits with status 0.
    public func quit() {
        exit(status: 0)
    }

    /// Takes over the terminal, draws the first frame, and serves events until the program
    /// quits. Throws only when the terminal cannot be started.
    public func run(_ shellView: ShellView) throws -> Never {
        self.shellView = shellView
        Self.useUTF8Locale()
        listenForSignals()
        let terminal = try NcursesTerminal(useColor: useColor, useMouse: useMouse)
        self.terminal = terminal
        ct_install_crash_restore()
        listenForInput()
        shellView.layout(size: terminal.size)
        drawFrame(trigger: "start")
        // The main queue is drained here, on the main thread, by the run loop. dispatchMain()
        // would park this thread and run main-queue work on pool threads that libdispatch
        // reaps five seconds after each event: a wake-up in every idle window.
        while true {
            _ = RunLoop.main.run(mode: .default, before: .distantFuture)
        }
    }

    // MARK: - Events

    private func listenForInput() {
        let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        source.setEventHandler { [unowned self] in
            MainActor.assumeIsolated { self.readInput(available: Int(source.data)) }
        }
        source.resume()
        sources.append(source)
    }

    private func readInput(available: Int) {
        var buffer = [UInt8](repeating: 0, count: min(max(available, 1), 1 << 16))
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count == 0 { exit(status: 0) }  // The terminal is gone.
        guard count > 0 else {
            if errno == EINTR || errno == EAGAIN { return }
            exit(status: 1)
        }
        inputTimer?.cancel()
        inputTimer = nil
        handle(decoder.feed(buffer.prefix(count)))
        if let patience = decoder.patience { startInputTimer(patience) }
    }

    /// Resolves what the decoder holds when no byte comes within `patience`: a lone Esc, or a
    /// bracketed paste whose end never came.
    private func startInputTimer(_ patience: Duration) {
        let timer = DispatchWorkItem { [unowned self] in
            MainActor.assumeIsolated {
                self.inputTimer = nil
                self.handle(self.decoder.timeOut())
            }
        }
        inputTimer = timer
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(patience.nanoseconds)), execute: timer)
    }

    private func handle(_ keys: [Key]) {
        guard !keys.isEmpty else { return }
        for key in keys { shellView?.handle(key) }
        requestFrame(trigger: "key")
    }

    /// The signals the program answers: Ctrl-C, SIGTERM and SIGHUP end it, SIGWINCH resizes it.
    static let answeredSignals = [SIGINT, SIGTERM, SIGHUP, SIGWINCH]

    /// Hears `answeredSignals` through dispatch sources, which read them from a signalfd that
    /// libdispatch's manager thread opens a moment later. They are blocked on this thread first,
    /// before it starts any other: a blocked signal waits, pending, until that signalfd reads it,
    /// where an unblocked one sent in the meantime (a resize or Ctrl-C just after the first frame)
    /// would be delivered here and dropped. Threads inherit the mask; libdispatch's own block
    /// everything, and children get an empty mask from swift-subprocess. Docs/DECISIONS.md, "The
    /// answered signals are blocked on every thread and read from a signalfd".
    private func listenForSignals() {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signalNumber in Self.answeredSignals { sigaddset(&blocked, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        for signalNumber in Self.answeredSignals {
            // Ignored for the default action; the dispatch source still hears the signal.
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler { [unowned self] in
                MainActor.assumeIsolated { self.receive(signal: signalNumber) }
            }
            source.resume()
            sources.append(source)
        }
        Self.waitForDispatchHandlers()
    }

    /// libdispatch installs its handler for each signal on its manager thread a moment after
    /// `resume()`; until then the `SIG_IGN` above applies, and a thread that does not block the
    /// signal drops it. One such thread exists: swift-subprocess's monitor, which waits with an
    /// empty mask once the first curl starts. The program goes on to its first frame only once
    /// every handler is in place (about a millisecond; after two seconds it goes on as it did
    /// before the wait). Only Linux's libdispatch installs such handlers.
    private static func waitForDispatchHandlers() {
        #if os(Linux)
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(2)
        while !answeredSignals.allSatisfy({ ct_signal_is_caught($0) == 1 }), clock.now < deadline {
            usleep(50)
        }
        #endif
    }

    private func receive(signal signalNumber: Int32) {
        switch signalNumber {
        case SIGWINCH:
            terminal?.resize()
            if let terminal { shellView?.layout(size: terminal.size) }
            requestFrame(trigger: "resize")
        case SIGINT:
            exit(status: 0)  // Ctrl-C quits.
        default:
            exit(status: 128 + signalNumber)
        }
    }

    // MARK: - Frames

    private func requestFrame(trigger: String) {
        guard pendingTrigger == nil else { return }
        pendingTrigger = trigger
        DispatchQueue.main.async { [unowned self] in
            MainActor.assumeIsolated {
                guard let trigger = self.pendingTrigger else { return }
                self.drawFrame(trigger: trigger)
            }
        }
    }

    private func drawFrame(trigger: String) {
        pendingTrigger = nil
        guard let terminal, let shellView else { return }
        guard let trace else {
            shellView.draw(into: terminal)
            terminal.present()
            return
        }
        let clock = ContinuousClock()
        let start = clock.now
        let bytesBefore = FrameTrace.bytesWrittenByProcess()
        shellView.draw(into: terminal)
        terminal.present()
        let duration = start.duration(to: clock.now)
        trace.record(trigger: trigger, duration: duration, bytes: FrameTrace.bytesWrittenByProcess() - bytesBefore)
    }

    // MARK: - Leaving

    private func exit(status: Int32) -> Never {
        terminal?.stop()
        Foundation.exit(status)
    }

    /// ncurses needs a UTF-8 locale to draw wide characters; take the user's, or C.UTF-8 when
    /// the environment names none (as in CI).
    private static func useUTF8Locale() {
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
        if codeset.uppercased().replacingOccurrences(of: "-", with: "") != "UTF8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }
}
