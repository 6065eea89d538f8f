import Binding
import Foundation

/// A screen's outputs written for a shell rather than drawn: `mvvm-tui weather Paris` and the
/// other subcommands. Like a terminal view, a printout binds its view-model's outputs with
/// `bindAndFire` into its state (`Drawn`) and writes from that state alone; it writes once, when
/// the view-model's busy output falls.
@MainActor
public protocol Printout: AnyObject {
    /// The view-model's busy output: the printout is written when it falls.
    var isBusy: Output<Bool> { get }
    /// What the screen would say went wrong with no result to show ("Not found", "No result for
    /// …"): the program writes it to standard error and exits with `problemStatus`. Nil with a result.
    var problem: String? { get }
    /// The exit status with `problem`: 1, unless the printout says otherwise.
    var problemStatus: Int32 { get }
    /// The result as text, one line after another, styled with `style`.
    func text(style: TextStyle) -> String
    /// The outputs a JSON printout holds, its keys named for them.
    associatedtype Document: Encodable
    /// The result as that document.
    var document: Document { get }
}

extension Printout {
    public var problemStatus: Int32 { 1 }

    /// Calls `done` once, on the main actor, as soon as the view-model is not busy: at once when it
    /// is not busy now. Keep the token until then. It is called once the change that ended the
    /// work has reached every output (`afterDelivery`), so the printout holds all of it whatever
    /// order the view-model made its outputs in.
    public func whenIdle(_ done: @escaping @MainActor () -> Void) -> BindingToken {
        var called = false
        return isBusy.bindAndFire { busy in
            guard !busy, !called else { return }
            called = true
            afterDelivery(done)
        }
    }

    /// The result as one JSON document, keys sorted, so that the same result reads the same every
    /// time.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }
}

/// How a printout's text is styled: with colours and weights for a person at a terminal, plain for
/// a pipe, a file, a status bar, or when `NO_COLOR` is set.
public struct TextStyle: Sendable {
    /// Whether the text carries ANSI colours and weights.
    public let usesColor: Bool

    public init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    /// Plain text.
    public static let plain = TextStyle(usesColor: false)

    /// `text` in bold: a screen's title, the place.
    public func bold(_ text: String) -> String { styled(text, "1") }
    /// `text` dimmed: labels and sources.
    public func dim(_ text: String) -> String { styled(text, "2") }
    /// `text` in red: a problem, sample data.
    public func warning(_ text: String) -> String { styled(text, "31") }

    private func styled(_ text: String, _ code: String) -> String {
        usesColor && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

extension String {
    /// The text padded with spaces to `width` terminal columns (wide characters count two).
    func padded(toColumns width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - DisplayWidth.of(self)))
    }
}
