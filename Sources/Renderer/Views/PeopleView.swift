import Binding
import Screens

/// Draws the People screen under the input line: a header (how many, the order, the sync), a
/// line of news, then the people in view with the chosen one's details, or the form for a new
/// person, or what the screen says when there is no one.
@MainActor
public final class PeopleView: ScreenView {
    /// The width from which the chosen person's details show beside the list.
    static let detailPaneMinimumWidth = 80

    private let viewModel: PeopleListViewModel
    private var tokens: [BindingToken] = []

    /// Creates the view; `needsDisplay` is called whenever what it shows changes.
    public init(viewModel: PeopleListViewModel, needsDisplay: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        tokens = bindChanges(of: [viewModel.countText, viewModel.sortText, viewModel.emptyText, viewModel.syncText,
                                  viewModel.syncIsProblem, viewModel.message, viewModel.messageIsProblem, viewModel.question,
                                  viewModel.rows, viewModel.firstVisibleIndex, viewModel.selectedIndex, viewModel.mode],
                             to: needsDisplay)
    }

    public var inputLineUser: InputLineUser? { viewModel }

    public var keyScopes: [KeyScope] {
        switch viewModel.mode.value {
        case .list: [.peopleList, .people]
        case .adding: [.personForm]
        case .confirmingDelete: [.confirmation]
        case .importing, .exporting: [.filePrompt]
        }
    }

    public func perform(_ command: ScreenCommand) {
        switch command {
        case .up: viewModel.moveSelection(by: -1)
        case .down: viewModel.moveSelection(by: 1)
        case .pageUp: viewModel.movePage(by: -1)
        case .pageDown: viewModel.movePage(by: 1)
        case .first: viewModel.moveToEdge(toEnd: false)
        case .last: viewModel.moveToEdge(toEnd: true)
        case .toggleSort: viewModel.toggleSort()
        case .add: viewModel.startAdding()
        case .delete: viewModel.askToDelete()
        case .importFile: viewModel.startImporting()
        case .exportFile: viewModel.startExporting()
        case .retry: viewModel.retrySync()
        case .nextField: viewModel.nextField()
        case .previousField: viewModel.previousField()
        case .confirm: viewModel.confirmDelete(true)
        case .cancel:
            if case .confirmingDelete = viewModel.mode.value { viewModel.confirmDelete(false) } else { viewModel.cancelInput() }
        default: break
        }
    }

    public func setVisible(_ visible: Bool) {
        if visible { viewModel.screenAppeared() }
    }

    public func draw(into surface: Surface, in rect: Rect) {
        guard rect.height > 0, rect.width > 2 else { return }
        let inner = Rect(row: rect.row, column: rect.column + 1, width: rect.width - 2, height: rect.height)
        // Header: how many and in what order at the left, the sync at the right when it fits.
        let header = [viewModel.countText.value, viewModel.sortText.value].filter { !$0.isEmpty }.joined(separator: ", ")
        let headerEnd = surface.draw(header, row: inner.row, column: inner.column, width: inner.width, style: .title)
        let sync = viewModel.syncText.value
        let syncWidth = DisplayWidth.of(sync)
        if !sync.isEmpty, headerEnd + 3 + syncWidth <= inner.right {
            surface.draw(sync, row: inner.row, column: inner.right - syncWidth, style: viewModel.syncIsProblem.value ? .error : .dim)
        }
        var body = inner.droppingTop(1)
        let news: (String, Style)? = switch viewModel.mode.value {
        case .confirmingDelete: (viewModel.question.value, .title)
        default: viewModel.message.value.isEmpty ? nil : (viewModel.message.value, viewModel.messageIsProblem.value ? .error : .dim)
        }
        if let (text, style) = news {
            surface.draw(text, row: body.row, column: body.column, width: body.width, style: style)
        }
        body = body.droppingTop(2)
        guard body.height > 0 else { return }
        if case .adding(let form) = viewModel.mode.value {
            return drawForm(form, into: surface, in: body)
        }
        viewModel.setVisibleRowCount(body.height)
        if !viewModel.emptyText.value.isEmpty {
            for (offset, line) in TextWrap.lines(viewModel.emptyText.value, width: body.width).prefix(body.height).enumerated() {
                surface.draw(line, row: body.row + offset, column: body.column, style: .dim)
            }
            return
        }
        var list = body
        if body.width >= Self.detailPaneMinimumWidth, let person = viewModel.selectedPerson.value {
            list.width = body.width * 11 / 20
            for row in body.row..<body.bottom { surface.draw("│", row: row, column: list.right + 1, style: .dim) }
            drawDetails(of: person, into: surface, in: Rect(row: body.row, column: list.right + 3,
                                                          width: body.right - list.right - 3, height: body.height))
        }
        drawRows(into: surface, in: list)
    }

    private func drawRows(into surface: Surface, in rect: Rect) {
        let first = viewModel.firstVisibleIndex.value
        let selected = viewModel.selectedIndex.value
        for (offset, row) in viewModel.rows.value.prefix(rect.height).enumerated() {
            let line = rect.row + offset
            let isSelected = first + offset == selected
            let birthday = row.longBirthdayText
            let birthdayWidth = rect.width >= 40 ? DisplayWidth.of(birthday) : 0
            if isSelected { surface.draw("›", row: line, column: rect.column, style: .title) }
            surface.draw(row.nameText, row: line, column: rect.column + 2, width: rect.width - 3 - birthdayWidth,
                         style: isSelected ? .selectedTab : .normal)
            if birthdayWidth > 0 { surface.draw(birthday, row: line, column: rect.right - birthdayWidth) }
        }
    }

    private func drawDetails(of person: PersonViewModel, into surface: Surface, in pane: Rect) {
        let lines: [(String, Style)] = [(person.nameText, .title), (person.birthdateText, .normal),
                                        (person.ageText, .normal), (person.nextBirthdayLine, .dim)]
        var row = pane.row
        for (text, style) in lines where !text.isEmpty && row < pane.bottom {
            surface.draw(text, row: row, column: pane.column, width: pane.width, style: style)
            row += 1
        }
    }

    private func drawForm(_ form: PersonForm, into surface: Surface, in rect: Rect) {
        let labelWidth = PersonForm.Field.allCases.map { DisplayWidth.of($0.label) }.max() ?? 0
        var row = rect.row
        surface.draw("Add a person: type each field in the input line above", row: row, column: rect.column, width: rect.width, style: .dim)
        row += 1
        for field in PersonForm.Field.allCases where row < rect.bottom {
            let isCurrent = field == form.field
            if isCurrent { surface.draw("›", row: row, column: rect.column, style: .title) }
            surface.draw(field.label, row: row, column: rect.column + 2, style: isCurrent ? .title : .normal)
            let value = isCurrent ? "" : form[field]
            surface.draw(value.isEmpty ? (isCurrent ? "" : field.placeholder) : value,
                         row: row, column: rect.column + 4 + labelWidth, width: rect.width - 4 - labelWidth,
                         style: value.isEmpty ? .dim : .normal)
            row += 1
        }
        if !form.problem.isEmpty, row < rect.bottom {
            surface.draw(form.problem, row: row, column: rect.column, width: rect.width, style: .error)
        }
    }
}
