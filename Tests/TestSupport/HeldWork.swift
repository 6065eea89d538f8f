import Screens
import Testing

/// A view-model's runner in a test: each piece of work is held until the test answers or fails
/// it, and the test reads what was asked for, in order, and what was cancelled. Everything is
/// synchronous on the main actor: an answer reaches the view-model before `answer` returns, so a
/// test asserts the outputs' whole histories without awaiting anything of the view-model's.
///
/// ```swift
/// let searches = HeldWork<MovieSearch.Request, MovieSearch.Answer>()
/// let search = MovieSearchViewModel(runner: searches, scheduler: scheduler)
/// search.searchNow("alien")
/// #expect(searches.asked.map(\.query) == ["alien"])
/// searches.answer(with: .found(page))        // the latest piece of work still held
/// ```
///
/// Answering work that is not held — never asked, answered already, or cancelled — records a
/// test failure: a view-model that cancels a search can never be shown its answer. So does a
/// test that ends with work held, neither answered nor cancelled, as TCA's `TestStore` fails on
/// effects still running: when the view-model goes, its machine abandons what it still runs
/// (`WorkRunner.abandon`), and each piece held then is named in a failure — unless the test
/// said it ends with it held (`expectHeldAtEnd`).
@MainActor
public final class HeldWork<Work, Answer>: WorkRunner {
    /// Every piece of work asked for, in order, held or not.
    public private(set) var asked: [Work] = []
    /// The identities of the work cancelled, in order.
    public private(set) var cancelled: [WorkID] = []
    /// The identities of the work abandoned when its view-model went, in order.
    public private(set) var abandoned: [WorkID] = []
    private var started: [WorkID] = []
    private var mayEndHeld = false
    private var held: [WorkID: (work: Work, deliver: @MainActor (Answer) -> Void)] = [:]
    private let atOnce: (Work) -> Answer?
    private let atRest: (Work) -> Bool
    /// The test that made it, named in a failure found when its view-model goes.
    private let test = Test.current

    /// Holds every piece of work, except what `answerAtOnce` answers (work the tests of a
    /// screen never look into, such as keeping a setting, answered in `start`, still listed in
    /// `asked`). The work `leftAtRest` is true of may be held when the test ends: the screen's
    /// state at rest (the wait for the next refresh), which its view-model going stops.
    public init(answerAtOnce: @escaping (Work) -> Answer? = { _ in nil }, leftAtRest: @escaping (Work) -> Bool = { _ in false }) {
        atOnce = answerAtOnce
        atRest = leftAtRest
    }

    /// The work asked for and not yet answered or cancelled, oldest first.
    public var pending: [Work] { started.compactMap { held[$0]?.work } }

    /// The identity of the `index`-th piece of work asked for (from 0).
    public func id(ofAsked index: Int) -> WorkID { started[index] }

    public func start(_ work: Work, as id: WorkID, deliver: @escaping @MainActor (Answer) -> Void) {
        if held[id] != nil { Issue.record("\(id) started while held: one runner serves one screen") }
        asked.append(work)
        started.append(id)
        if let answer = atOnce(work) { return deliver(answer) }
        held[id] = (work, deliver)
    }

    public func cancel(_ id: WorkID) {
        cancelled.append(id)
        held[id] = nil
    }

    /// The view-model went: work still held here is work the test neither answered nor
    /// cancelled, and fails it (unless `expectHeldAtEnd` said so).
    public func abandon(_ id: WorkID) {
        abandoned.append(id)
        guard let work = held.removeValue(forKey: id)?.work, !mayEndHeld, !atRest(work) else { return }
        Issue.record(
            "\(test.map { "\($0.name): " } ?? "")the test ended with \(work) held (\(id)), neither answered nor cancelled: answer it, or expectHeldAtEnd",
            sourceLocation: test?.sourceLocation ?? #_sourceLocation)
    }

    /// Expects that `work` is what is held now, oldest first (but for the work at rest), and lets the test end with it
    /// held: for a test whose point is a state with work under way. Its view-model going
    /// abandons it without a failure.
    public func expectHeldAtEnd(_ work: [Work], sourceLocation: SourceLocation = #_sourceLocation) where Work: Equatable {
        #expect(pending.filter { !atRest($0) } == work, "the work held at the end", sourceLocation: sourceLocation)
        mayEndHeld = true
    }

    /// Answers the work `id` (the latest piece still held when nil) with `answer`.
    public func answer(_ id: WorkID? = nil, with answer: Answer, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let id = id ?? started.last(where: { held[$0] != nil }), let work = held.removeValue(forKey: id) else {
            Issue.record("no work held to answer\(id.map { " as \($0)" } ?? "")", sourceLocation: sourceLocation)
            return
        }
        work.deliver(answer)
    }

    /// Gives the latest piece of work held an answer on the way (how far it got), and holds it
    /// still: its last answer comes with `answer`.
    public func tell(_ answer: Answer, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let id = started.last(where: { held[$0] != nil }), let work = held[id] else {
            Issue.record("no work held to tell", sourceLocation: sourceLocation)
            return
        }
        work.deliver(answer)
    }

    /// Answers the latest piece of work still held that is `work`: for a screen that asks for
    /// several kinds of work at once.
    public func answer(_ work: Work, with answer: Answer, sourceLocation: SourceLocation = #_sourceLocation) where Work: Equatable {
        guard let id = started.last(where: { held[$0]?.work == work }) else {
            Issue.record("no \(work) held to answer", sourceLocation: sourceLocation)
            return
        }
        self.answer(id, with: answer, sourceLocation: sourceLocation)
    }

    /// Whether `work` was asked for and is still held.
    public func isHeld(_ work: Work) -> Bool where Work: Equatable {
        pending.contains(work)
    }
}
