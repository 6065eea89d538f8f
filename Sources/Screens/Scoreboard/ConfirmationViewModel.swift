import Binding

/// A yes-or-no question the screen asks before it acts, such as starting a new game over one in
/// progress. The view-model that asks owns it: it calls `ask` and acts on what `answer` returns.
@MainActor
public final class ConfirmationViewModel {
    // MARK: - Outputs

    /// The question on show, ending with how to answer it; empty while nothing is asked.
    public var question: Output<String> { _question.output }
    /// Whether a question waits for its answer.
    public var isAsking: Output<Bool> { _isAsking.output }

    // MARK: - State

    private let _question = Dynamic("")
    private let _isAsking = Dynamic(false)

    init() {}

    // MARK: - Inputs

    /// Shows `question`, with `(y/n)` after it.
    func ask(_ question: String) {
        _question.change(to: "\(question) (y/n)")
        _isAsking.change(to: true)
    }

    /// Puts the question away; returns whether a question was on show and the answer was yes.
    func answer(_ yes: Bool) -> Bool {
        guard _isAsking.value else { return false }
        _isAsking.change(to: false)
        _question.change(to: "")
        return yes
    }
}
