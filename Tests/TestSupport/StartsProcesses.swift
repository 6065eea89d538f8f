import Foundation
import Testing

/// The trait of a test that starts programs of its own — a CardDAV server in Python, the program
/// in tmux, a child to kill — and so takes a core for seconds: at most `StartsProcesses.width`
/// such tests run at once, however many the run has.
///
/// Swift Testing starts every test of a run at once, and on a machine of two cores forty Python
/// servers starting beside twenty tmux sessions left a loopback request of another test no CPU for
/// its time limit. The headless tests still run all together; these wait for a place, without
/// holding a thread while they wait.
///
/// A suite that starts such programs says so, and `TmuxSession`, `RadicaleServer` and
/// `XandikosServer` refuse to start outside it (`StartsProcesses.require`), so that no test that
/// starts them forgets (a curl for a request, or a subcommand's run, lives for a moment and needs
/// no place):
///
/// ```swift
/// @Suite(.startsProcesses) struct ScoreboardEndToEndTests { … }
/// ```
public struct StartsProcesses: TestTrait, SuiteTrait, TestScoping {
    /// How many such tests run at once: twice the cores (each waits on its processes about half
    /// the time), or `MVVM_TUI_TEST_PROCESS_WIDTH` when set.
    public static let width: Int = {
        if let text = ProcessInfo.processInfo.environment["MVVM_TUI_TEST_PROCESS_WIDTH"], let width = Int(text), width > 0 {
            return width
        }
        return 2 * max(1, ProcessInfo.processInfo.activeProcessorCount)
    }()

    /// Whether the running task is inside such a test's place.
    @TaskLocal static var holdsAPlace = false

    private static let places = Places(count: width)

    public var isRecursive: Bool { true }

    /// One place for each test case, none for the suite around them.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        // A test marked inside a marked suite gets the trait twice: it takes one place, not two.
        guard !Self.holdsAPlace else { return try await function() }
        await Self.places.take()
        do {
            try await Self.$holdsAPlace.withValue(true) { try await function() }
        } catch {
            await Self.places.give()
            throw error
        }
        await Self.places.give()
    }

    /// Throws unless the running test holds a place: `what` starts a process, and its suite must
    /// have the trait.
    public static func require(for what: String) throws {
        guard holdsAPlace else {
            throw Unplaced(description: "\(what) starts a process: give its suite or test the .startsProcesses trait")
        }
    }

    /// A process started outside a test that holds a place.
    public struct Unplaced: Error, CustomStringConvertible {
        public let description: String
    }
}

extension Trait where Self == StartsProcesses {
    /// At most `StartsProcesses.width` tests that start programs of their own run at once.
    public static var startsProcesses: Self { Self() }
}

/// A counting semaphore that waits without a thread: the places tests take and give back.
private actor Places {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        free = count
    }

    func take() async {
        guard free == 0 else {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func give() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
