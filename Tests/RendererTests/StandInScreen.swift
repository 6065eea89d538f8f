import Binding
import Renderer
import Screens

/// A screen for shell tests: it shows its tab's name and the last text submitted to it, and takes
/// the input line on the tabs that have one (Weather, Search), as the real screens do.
@MainActor
final class StandInScreen: ScreenView, InputLineUser {
    let title: String
    let inputPrompt: Output<String>
    var inputLine: Output<InputLine> { line.output }
    var inputLineIsFocused: Output<Bool> { isFocused.output }
    private let line = Dynamic(InputLine())
    private let isFocused = Dynamic(false)
    /// What the stand-in's busy output says; tests set it.
    let busy = Dynamic(false)
    var isBusy: Output<Bool>? { busy.output }
    private let usesInputLine: Bool
    private let needsDisplay: @MainActor () -> Void
    /// Every text submitted from the input line, in order.
    private(set) var submitted: [String] = []
    /// Every edit the shell sent, in order.
    private(set) var edits: [InputLineEdit] = []

    init(tab: Tab, needsDisplay: @escaping @MainActor () -> Void) {
        title = tab.title
        let prompt: String
        (usesInputLine, prompt) =
            switch tab {
            case .weather: (true, "Location")
            case .search: (true, "Search")
            default: (false, "")
            }
        inputPrompt = Dynamic(prompt).output
        self.needsDisplay = needsDisplay
    }

    var inputLineUser: InputLineUser? { usesInputLine ? self : nil }

    func inputLineEdited(_ edit: InputLineEdit) {
        edits.append(edit)
        var edited = line.value
        edited.apply(edit)
        if edited != line.value { line.value = edited }
    }

    func inputFocusChanged(_ focused: Bool) {
        if focused != isFocused.value { isFocused.value = focused }
    }

    func inputSubmitted() {
        submitted.append(line.value.text)
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
