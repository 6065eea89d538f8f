import Binding
import Screens

/// Draws a tab whose screen is not built yet: its name and what its view-model says.
@MainActor
public final class UnbuiltScreenView: ScreenView {
    private let viewModel: UnbuiltScreenViewModel
    private var message = ""
    private var tokens: [BindingToken] = []

    /// Creates the view; `needsDisplay` is called whenever what it shows changes.
    public init(viewModel: UnbuiltScreenViewModel, needsDisplay: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        viewModel.message.bindAndFire { [unowned self] message in
            self.message = message
            needsDisplay()
        }.store(in: &tokens)
    }

    public var inputLineUser: InputLineUser? {
        viewModel.usesInputLine ? viewModel : nil
    }

    public func draw(into surface: Surface, in rect: Rect) {
        guard rect.height > 0 else { return }
        surface.draw(viewModel.title, row: rect.row, column: rect.column + 1, width: rect.width - 1, style: .title)
        for (offset, line) in TextWrap.lines(message, width: rect.width - 2).prefix(rect.height - 2).enumerated() {
            surface.draw(line, row: rect.row + 2 + offset, column: rect.column + 1, width: rect.width - 1)
        }
    }
}
