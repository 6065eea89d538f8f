import Binding

/// A yes-or-no question the screen asks before it acts, such as starting a new game over one in
/// progress or deleting a kept game. The view-model that asks builds it from whether the question is on show, and takes
/// the answer as an input of its own.
@MainActor
public final class ConfirmationViewModel {
    // MARK: - Outputs

    /// The question on show, ending with how to answer it; empty while nothing is asked.
    public let question: Output<String>
    /// Whether a question waits for its answer.
    public let isAsking: Output<Bool>

    /// `question`, shown with `(y/n)` after it while `isAsking` holds.
    convenience init(_ question: String, isAsking: Output<Bool>) {
        self.init(asking: isAsking.map { $0 ? question : "" })
    }

    /// The question `asking` holds, shown with `(y/n)` after it; nothing is asked while it is empty.
    init(asking: Output<String>) {
        isAsking = asking.map { !$0.isEmpty }.distinct()
        question = asking.map { $0.isEmpty ? "" : "\($0) (y/n)" }.distinct()
    }
}
