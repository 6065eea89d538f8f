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
    /// Whether the text goes to standard error, standard output being the result itself
    /// (`people --export -` writes the vCards there).
    var writesTextToStandardError: Bool { get }
    /// The result as text, one line after another, styled with `style`.
    func text(style: TextStyle) -> String
    /// The outputs a JSON printout holds, its keys named for them.
    associatedtype Document: Encodable
    /// The result as that document.
    var document: Document { get }
}

extension Printout {
    public var problemStatus: Int32 { 1 }
    public var writesTextToStandardError: Bool { false }

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
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }
}

/// How a printout's text is styled: with colours and weights for a person at a terminal, plain for
/// a pipe, a file, a status bar, or when `NO_COLOR` is set.
public struct TextStyle: Sendable {
    /// Whether the text carries ANSI colours and weights.
    public let usesColor: Bool
    /// How many columns a line may take: the terminal's width, or 80 into a pipe or a file.
    let width: Int

    public init(usesColor: Bool, width: Int = 80) {
        self.usesColor = usesColor
        self.width = max(1, width)
    }

    /// Plain text, 80 columns wide.
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

/// The version of the JSON documents the subcommands write (Docs/CommandLine.md): it grows when
/// a key changes its meaning or its type, or goes.
enum DocumentVersion {
    /// The version every document carries as `version`.
    static let current = 2
}
