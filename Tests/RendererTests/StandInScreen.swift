import Binding
import Renderer
import Screens

/// A screen for shell tests: it shows its tab's name and the last text submitted to it, and takes
/// the input line on the tabs that have one (Weather, Search), as the real screens do.
@MainActor
final class StandInScreen: ScreenView, InputLineUser {
    let title: String
    let inputPrompt: Output<String>
    private let usesInputLine: Bool
    private let needsDisplay: @MainActor () -> Void
    /// Every text submitted from the input line, in order.
    private(set) var submitted: [String] = []

    init(tab: Tab, needsDisplay: @escaping @MainActor () -> Void) {
        title = tab.title
        let prompt: String
        (usesInputLine, prompt) = switch tab {
        case .weather: (true, "Location")
        case .search: (true, "Search")
        default: (false, "")
        }
        inputPrompt = Dynamic(prompt).output
        self.needsDisplay = needsDisplay
    }

    var inputLineUser: InputLineUser? { usesInputLine ? self : nil }

    func inputChanged(_ text: String) {}

    func inputSubmitted(_ text: String) {
        submitted.append(text)
        needsDisplay()
    }

    func draw(into surface: Surface, in rect: Rect) {
        guard rect.height > 0 else { return }
        surface.draw("\(title) stand-in", row: rect.row, column: rect.column + 1, width: rect.width - 1, style: .title)
        if let last = submitted.last {
            surface.draw("Submitted: “\(last)”", row: rect.row + 2, column: rect.column + 1, width: rect.width - 1)
        }
    }
}
