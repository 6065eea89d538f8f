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
    private let drawn: Drawn<State>

    /// Everything the screen draws, and the mode its keys depend on, as the outputs of the
    /// view-model and of its sync status last delivered it.
    private struct State {
        var countText = ""
        var sortText = ""
        var syncText = ""
        var syncIsProblem = false
        var news = PeopleNewsLine("")
        /// How far an import or export got; empty while none runs.
        var transferProgress = ""
        var mode = PeoplePromptViewModel.Mode.list
        var emptyText = ""
        var rows: [PersonViewModel] = []
        var firstVisibleIndex = 0
        var selectedIndex = 0
        var selectedPerson: PersonViewModel?
    }

    public var isBusy: Output<Bool>? { viewModel.isBusy }

    /// Creates the view; `needsDisplay` is called whenever what it shows changes.
    public init(viewModel: PeopleListViewModel, needsDisplay: @escaping @MainActor () -> Void) {
        self.viewModel = viewModel
        drawn = Drawn(State(), needsDisplay: needsDisplay)
        drawn.bind(viewModel.countText, to: \.countText)
        drawn.bind(viewModel.sortText, to: \.sortText)
        drawn.bind(viewModel.syncStatus.text, to: \.syncText)
        drawn.bind(viewModel.syncStatus.isProblem, to: \.syncIsProblem)
        drawn.bind(viewModel.newsLine, to: \.news)
        drawn.bind(viewModel.transfer.progress, to: \.transferProgress)
        drawn.bind(viewModel.prompt.mode, to: \.mode)
        drawn.bind(viewModel.emptyText, to: \.emptyText)
        drawn.bind(viewModel.rows, to: \.rows)
        drawn.bind(viewModel.firstVisibleIndex, to: \.firstVisibleIndex)
        drawn.bind(viewModel.selectedIndex, to: \.selectedIndex)
        drawn.bind(viewModel.selectedPerson, to: \.selectedPerson)
    }

    public var inputLineUser: InputLineUser? { viewModel.prompt }

    public var keyScopes: [KeyScope] {
        switch drawn.state.mode {
        case .list: drawn.state.transferProgress.isEmpty ? [.peopleList, .people] : [.transfer, .peopleList, .people]
        case .form: [.personForm]
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
        case .add: viewModel.prompt.startAdding()
        case .edit: viewModel.prompt.startEditing()
        case .delete: viewModel.prompt.askToDelete()
        case .importFile: viewModel.prompt.startImporting()
        case .exportFile: viewModel.prompt.startExporting()
        case .sync: viewModel.syncStatus.syncNow()
        case .stopTransfer: viewModel.transfer.cancel()
        case .nextField: viewModel.prompt.nextField()
        case .previousField: viewModel.prompt.previousField()
        case .confirm: viewModel.prompt.confirmDelete(true)
        case .cancel:
            if case .confirmingDelete = drawn.state.mode { viewModel.prompt.confirmDelete(false) } else { viewModel.prompt.cancelInput() }
        default: break
        }
    }

    public func setVisible(_ visible: Bool) {
        if visible { viewModel.screenAppeared() } else { viewModel.screenDisappeared() }
    }

    /// The list's rows are the region less the header and the line of news (as `draw` lays them out).
    public func layout(in rect: Rect) {
        viewModel.setVisibleRowCount(max(1, rect.height - 3))
    }

    public func draw(into surface: Surface, in rect: Rect) {
        guard rect.height > 0, rect.width > 2 else { return }
        let inner = Rect(row: rect.row, column: rect.column + 1, width: rect.width - 2, height: rect.height)
        let state = drawn.state
        // Header: how many and in what order at the left, the sync at the right when it fits.
        let header = [state.countText, state.sortText].filter { !$0.isEmpty }.joined(separator: ", ")
        let headerEnd = surface.draw(header, row: inner.row, column: inner.column, width: inner.width, style: .title)
        let sync = state.syncText
        let syncWidth = DisplayWidth.of(sync)
        if !sync.isEmpty, headerEnd + 3 + syncWidth <= inner.right {
            surface.draw(sync, row: inner.row, column: inner.right - syncWidth, style: state.syncIsProblem ? .error : .dim)
        }
        var body = inner.droppingTop(1)
        let style: Style = switch state.news.tone {
        case .quiet: .dim
        case .problem: .error
        case .question: .title
        }
        surface.draw(state.news.text, row: body.row, column: body.column, width: body.width, style: style)
        body = body.droppingTop(2)
        guard body.height > 0 else { return }
        if case .form(let form) = state.mode {
            return drawForm(form, into: surface, in: body)
        }
        drawList(state, into: surface, in: body)
    }

    /// The people in view, with the chosen one's details beside them when there is room, or
    /// what the screen says in their place.
    private func drawList(_ state: State, into surface: Surface, in body: Rect) {
        if !state.emptyText.isEmpty {
            for (offset, line) in TextWrap.lines(state.emptyText, width: body.width).prefix(body.height).enumerated() {
                surface.draw(line, row: body.row + offset, column: body.column, style: .dim)
            }
            return
        }
        var list = body
        if body.width >= Self.detailPaneMinimumWidth, let person = state.selectedPerson {
            list.width = body.width * 11 / 20
            for row in body.row..<body.bottom { surface.draw("│", row: row, column: list.right + 1, style: .dim) }
            drawDetails(of: person, into: surface, in: Rect(row: body.row, column: list.right + 3,
                                                          width: body.right - list.right - 3, height: body.height))
        }
        drawRows(into: surface, in: list)
    }

    private func drawRows(into surface: Surface, in rect: Rect) {
        let state = drawn.state
        let first = state.firstVisibleIndex
        let selected = state.selectedIndex
        // Like the arrows, the mouse moves through the list only while no question is asked.
        if case .list = state.mode {
            surface.markList(in: rect, first: first, count: state.rows.count, selected: { [drawn] in drawn.state.selectedIndex },
                             moveSelection: { [viewModel] in viewModel.moveSelection(by: $0) },
                             activate: { [viewModel] in viewModel.prompt.startEditing() })
        }
        for (offset, row) in state.rows.prefix(rect.height).enumerated() {
            let line = rect.row + offset
            let isSelected = first + offset == selected
            let birthday = row.rowBirthdayText
            // A birthday the card wrote as text takes a third of the row at most, the name the rest.
            let birthdayWidth = rect.width >= 40 ? min(DisplayWidth.of(birthday), rect.width / 3) : 0
            if isSelected { surface.markChosen(row: line, column: rect.column) }
            surface.draw(row.nameText, row: line, column: rect.column + 2, width: rect.width - 3 - birthdayWidth,
                         style: isSelected ? .selectedTab : .normal)
            if birthdayWidth > 0 { surface.draw(birthday, row: line, column: rect.right - birthdayWidth, width: birthdayWidth) }
        }
    }

    private func drawDetails(of person: PersonViewModel, into surface: Surface, in pane: Rect) {
        let lines: [(String, Style)] = [(person.nameText, .title), (person.birthdateText, .normal),
                                        (person.ageText, .normal), (person.nextBirthdayLine, .dim)]
            + person.contactLines.map { ($0, .normal) }
        var row = pane.row
        for (text, style) in lines where !text.isEmpty && row < pane.bottom {
            surface.draw(text, row: row, column: pane.column, width: pane.width, style: style)
            row += 1
        }
    }

    private func drawForm(_ form: PersonForm, into surface: Surface, in rect: Rect) {
        let labelWidth = PersonForm.Field.allCases.map { DisplayWidth.of($0.label) }.max() ?? 0
        var row = rect.row
        surface.draw("\(form.title): type each field in the input line above", row: row, column: rect.column, width: rect.width, style: .dim)
        row += 1
        for field in PersonForm.Field.allCases where row < rect.bottom {
            let isCurrent = field == form.field
            if isCurrent { surface.markChosen(row: row, column: rect.column) }
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
