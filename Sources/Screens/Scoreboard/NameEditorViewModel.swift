import Binding
import Models

/// The input line while a team or a player is renamed: the name as it is typed, and why it
/// cannot be taken. The scoreboard owns it: it calls `start` with the name as it is, and is
/// handed the name on Enter (`renamed`), when it can be taken. While a name is typed, the
/// screen's input line is this view-model's.
@MainActor
public final class NameEditorViewModel: InputLineUser {
    /// The longest name a team or a player may have, in characters.
    public static let longestName = 24

    // MARK: - Outputs

    /// The team or player being renamed; nil while nothing is.
    public var target: Output<NameTarget?> { _target.output }
    /// Why the name typed cannot be taken; empty while nothing is wrong.
    public var problem: Output<String> { _problem.output }
    /// The name as typed, and the cursor.
    public var inputLine: Output<InputLine> { _line.output }
    /// Whether keys go to the name.
    public var inputLineIsFocused: Output<Bool> { _isFocused.output }
    /// `Team name` or `Player name`.
    public let inputPrompt: Output<String>
    /// The line shows only once a rename starts.
    public var focusesInputOnOpen: Bool { false }

    /// Called on Enter with the name typed, tidied, when it can be taken.
    var renamed: ((NameTarget, String) -> Void)?

    // MARK: - State

    private let _target = Dynamic<NameTarget?>(nil)
    private let _problem = Dynamic("")
    private let _line = Dynamic(InputLine())
    private let _isFocused = Dynamic(false)

    init() {
        inputPrompt =
            _target.map { target in
                if case .team = target { return "Team name" }
                return "Player name"
            }.distinct().output
    }

    // MARK: - Inputs

    /// Starts renaming `target`: the line takes the focus and starts with `name`.
    func start(_ target: NameTarget, name: String) {
        _target.change(to: target)
        _problem.change(to: "")
        _line.change(to: InputLine(text: name))
        _isFocused.change(to: true)
    }

    public func inputLineEdited(_ edit: InputLineEdit) {
        _line.apply(edit) { _ in }
    }

    public func inputFocusChanged(_ focused: Bool) {
        _isFocused.change(to: focused)
    }

    /// Enter: the name typed is handed to the scoreboard, when it can be taken.
    public func inputSubmitted() {
        guard let (target, name) = submit() else { return }
        renamed?(target, name)
    }

    /// The name typed, its spaces tidied, when it can be taken (then the line goes away);
    /// otherwise nil, and `problem` says why.
    func submit() -> (target: NameTarget, name: String)? {
        guard let target = _target.value else { return nil }
        let name = _line.value.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !name.isEmpty, name.count <= Self.longestName else {
            _problem.change(to: name.isEmpty ? "A name cannot be empty" : "A name has at most \(Self.longestName) characters")
            return nil
        }
        stop()
        return (target, name)
    }

    /// Puts the line away, keeping nothing typed.
    func stop() {
        _target.change(to: nil)
        _problem.change(to: "")
        _line.change(to: InputLine())
        _isFocused.change(to: false)
    }
}
