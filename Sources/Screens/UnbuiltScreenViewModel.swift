import Binding
import Foundation

/// A tab whose screen is not built yet: it shows the screen's name and says so, and shows
/// nothing that could pass for data.
@MainActor
public final class UnbuiltScreenViewModel {
    // MARK: - Outputs

    /// The screen's name.
    public let title: String
    /// What the screen says in place of its content.
    public let message: Dynamic<String>
    /// Whether the screen takes text from the input line (Weather and Search do).
    public let usesInputLine: Bool
    /// The word before the input line, `Location` or `Search`; empty when there is none.
    public let inputPrompt: String

    /// Creates the stand-in for `tab`'s screen.
    public init(tab: Tab) {
        title = tab.title
        switch tab {
        case .weather: (usesInputLine, inputPrompt) = (true, "Location")
        case .search: (usesInputLine, inputPrompt) = (true, "Search")
        default: (usesInputLine, inputPrompt) = (false, "")
        }
        message = Dynamic(Self.notBuilt(tab.title))
    }

    private static func notBuilt(_ title: String) -> String {
        "The \(title) screen is not built yet."
    }
}

// MARK: - InputLineUser

extension UnbuiltScreenViewModel: InputLineUser {
    public func inputChanged(_ text: String) {}

    public func inputSubmitted(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        message.value = trimmed.isEmpty
            ? Self.notBuilt(title)
            : "The \(title) screen is not built yet: “\(trimmed)” was not looked up."
    }
}
