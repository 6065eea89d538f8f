import Binding

/// The People screen's line of news, `Added Ada Lovelace` or what went wrong, which the list and
/// the sync status both write to: they share it, as they share the store.
@MainActor
final class PeopleNews {
    /// The latest news.
    var message: Output<String> { _message.output }
    /// Whether `message` tells of a failure.
    var isProblem: Output<Bool> { _isProblem.output }

    private let _message = Dynamic("")
    private let _isProblem = Dynamic(false)

    func say(_ text: String, isProblem: Bool = false) {
        _message.change(to: text)
        _isProblem.change(to: isProblem)
    }
}
