import CTerminal
import Dispatch
import Foundation
import InputDecoding
import Renderer

/// Runs the program in the terminal: an event loop that sleeps until a key, a signal or a
/// timer a visible screen asked for, and draws at most one frame per event turn.
///
/// ```swift
/// func run(_ shellViewModel: ShellViewModel, screens: [Tab: any ScreenView]) throws -> Never {
///     let app = TerminalApp(useColor: true, useMouse: true, trace: nil)
///     let shell = ShellView(shell: shellViewModel, screens: screens, needsDisplay: app.needsDisplay, onQuit: app.quit)
///     try app.run(shell)   // never returns; every exit path restores the terminal
/// }
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
        EventLoop.run()
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

    /// Catches `answeredSignals` with the program's own handler, installed here on the main
    /// thread before the first frame: whichever thread the kernel hands a signal to, the handler
    /// writes it to a self-pipe, and one no thread takes waits for the main thread's signalfd. The
    /// event loop reads both. Nothing waits for another thread to be ready, so a resize or a
    /// Ctrl-C sent the moment after the first frame is answered. Docs/DECISIONS.md, "The program
    /// catches the signals it answers itself".
    private func listenForSignals() {
        var numbers = Self.answeredSignals
        guard ct_listen_for_signals(&numbers, Int32(numbers.count)) == 0 else {
            FileHandle.standardError.write(Data("mvvm-tui: the signals cannot be caught: \(String(cString: strerror(errno)))\n".utf8))
            Foundation.exit(1)
        }
        for descriptor in [ct_signal_pipe(), ct_signal_fd()] where descriptor >= 0 {
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
            source.setEventHandler { [unowned self] in
                MainActor.assumeIsolated { self.takeSignals() }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Answers every signal waiting, in the order they came to each of the two descriptors.
    private func takeSignals() {
        while case let signalNumber = ct_take_signal(), signalNumber > 0 {
            receive(signal: signalNumber)
        }
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

    /// Asks for one frame at the end of the turn; the trace names it for a resize when one came
    /// in the turn, whatever else asked for it.
    private func requestFrame(trigger: String) {
        guard pendingTrigger == nil else {
            if trigger == "resize" { pendingTrigger = trigger }
            return
        }
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
        let before = FrameTrace.Written.byThisThread()
        shellView.draw(into: terminal)
        terminal.present()
        trace.record(trigger: trigger, duration: start.duration(to: clock.now), since: before)
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
