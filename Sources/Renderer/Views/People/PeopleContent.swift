import Screens

/// What the People screen draws under the input line: a header (how many, the order, the sync),
/// a line of news, then the people in view with the chosen one's details, or the form for a
/// person, or what the screen says when there is no one. `PeopleView` fills it from the
/// view-model's outputs; a test fills it by hand.
public struct PeopleContent: Equatable, Sendable {
    /// The width from which the chosen person's details show beside the list.
    static let detailPaneMinimumWidth = 80

    /// `3 people, by last name`.
    public var headerText = ""
    /// `37/100` after the header when the list is longer than its rows in view; else empty.
    public var positionText = ""
    public var syncText = ""
    public var syncIsProblem = false
    public var news = PeopleNewsLine("")
    /// `Birthdays soon: Grace Hopper in 3 days`: on the news line when it says nothing else,
    /// else under the news (and a sync failure), while a row is left above the list.
    public var birthdays = ""
    public var mode = PeoplePromptViewModel.Mode.list
    public var emptyText = ""
    /// The people in view, from `firstVisibleIndex` in the whole list.
    public var rows: [PersonViewModel] = []
    public var firstVisibleIndex = 0
    public var selectedIndex = 0
    public var selectedPerson: PersonViewModel?
    /// The conflict's copy shown full-size, beside the server's version (the detail names the
    /// fields that differ and the keys that settle it).
    public var conflict: PersonConflict?
    /// What the kept card of the person shown full-size says beyond the row, a line each.
    public var cardLines: [String] = []

    public init() {}

    /// Draws the screen inside `rect`.
    @MainActor
    public func draw(into surface: Surface, in rect: Rect) {
        guard rect.height > 0, rect.width > 2 else { return }
        let inner = Rect(row: rect.row, column: rect.column + 1, width: rect.width - 2, height: rect.height)
        // A person's detail takes the whole area, header and news included, so that it reads at 40x10.
        if case .viewing(let person) = mode {
            surface.focus = Position(row: inner.row, column: inner.column)
            return drawDetails(of: person, into: surface, in: inner)
        }
        // Header: how many and in what order at the left, the sync at the right when it fits.
        var headerEnd = surface.draw(headerText, row: inner.row, column: inner.column, width: inner.width, style: .title)
        if !positionText.isEmpty, headerEnd + 2 + DisplayWidth.of(positionText) <= inner.right {
            headerEnd = surface.draw(positionText, row: inner.row, column: headerEnd + 2, style: .dim)
        }
        let sync = syncText
        let syncWidth = DisplayWidth.of(sync)
        let syncBeside = headerEnd + 3 + syncWidth <= inner.right
        if !sync.isEmpty, syncBeside {
            surface.draw(sync, row: inner.row, column: inner.right - syncWidth, style: syncIsProblem ? .error : .dim)
        }
        var body = inner.droppingTop(1)
        // The news, then a sync failure too long to stand beside the header: whole, over the rows
        // they need, with a row left for the list, two for the form, at least; the birthdays under
        // them when there is room. The list starts two rows down at the least, as its rows in view
        // assume; so does the form where there is room to spare, so that news does not move it.
        let tone: Style =
            switch news.tone {
            case .quiet: .dim
            case .problem: .error
            case .question: .title
            }
        let syncUnder = !sync.isEmpty && !syncBeside && syncIsProblem
        let isForm = if case .form = mode { true } else { false }
        let end = body.bottom - (isForm ? 2 : 1)
        var row = body.row
        row += Message.draw(
            [Message(news.text, style: tone), Message(syncUnder ? sync : "", style: .error)], into: surface,
            in: Rect(row: row, column: body.column, width: body.width, height: end - row))
        if !birthdays.isEmpty, news.text != birthdays, row < end {
            row += Message(birthdays, style: .dim).draw(
                into: surface, in: Rect(row: row, column: body.column, width: body.width, height: 1))
        }
        let floor = isForm && body.height < 12 ? 0 : 2
        body = body.droppingTop(max(floor, row - body.row))
        guard body.height > 0 else { return }
        if case .form(let form) = mode { return drawForm(form, into: surface, in: body) }
        drawList(into: surface, in: body)
    }

    /// The people in view, with the chosen one's details beside them when there is room, or
    /// what the screen says in their place.
    @MainActor
    private func drawList(into surface: Surface, in body: Rect) {
        if !emptyText.isEmpty {
            for (offset, line) in TextWrap.lines(emptyText, width: body.width, rows: body.height).enumerated() {
                surface.draw(line, row: body.row + offset, column: body.column, style: .dim)
            }
            return
        }
        var list = body
        if body.width >= Self.detailPaneMinimumWidth, let person = selectedPerson {
            list.width = body.width * 11 / 20
            for row in body.row..<body.bottom { surface.draw("│", row: row, column: list.right + 1, style: .dim) }
            drawDetails(
                of: person, into: surface,
                in: Rect(
                    row: body.row, column: list.right + 3,
                    width: body.right - list.right - 3, height: body.height))
        }
        drawRows(into: surface, in: list)
    }

    @MainActor
    private func drawRows(into surface: Surface, in rect: Rect) {
        // A message over more rows than the list expects leaves it fewer: the chosen person stays in view.
        let skipped = max(0, selectedIndex - firstVisibleIndex - rect.height + 1)
        let first = firstVisibleIndex + skipped
        let selected = self.selectedIndex
        // Like the arrows, the mouse moves through the list only while no question is asked.
        if mode == .list {
            surface.markList(in: rect, first: first, count: rows.count - skipped, choose: PeopleView.Action.choosePerson)
        }
        for (offset, row) in rows.dropFirst(skipped).prefix(rect.height).enumerated() {
            let line = rect.row + offset
            let isSelected = first + offset == selected
            let birthday = row.rowBirthdayText
            // A birthday the card wrote as text takes a third of the row at most, the name the rest.
            let birthdayWidth = rect.width >= 40 ? min(DisplayWidth.of(birthday), rect.width / 3) : 0
            if isSelected { surface.markChosen(row: line, column: rect.column) }
            let nameWidth = rect.width - 3 - birthdayWidth
            let nameEnd = surface.draw(
                row.nameText, row: line, column: rect.column + 2, width: nameWidth,
                style: isSelected ? .selectedTab : .normal)
            if !row.badgeText.isEmpty, nameEnd + 1 + DisplayWidth.of(row.badgeText) <= rect.column + 2 + nameWidth {
                surface.draw(row.badgeText, row: line, column: nameEnd + 1, style: .error)
            }
            if birthdayWidth > 0 { surface.draw(birthday, row: line, column: rect.right - birthdayWidth, width: birthdayWidth) }
        }
    }

    @MainActor
    private func drawDetails(of person: PersonViewModel, into surface: Surface, in pane: Rect) {
        var lines: [(String, Style)] = [(person.nameText, .title)]
        // A conflict's copy full-size (the view-model gives `conflict` only then): what differs
        // from the server's version and the keys that settle it come first, to show at 40x10.
        if case .viewing = mode, let conflict {
            lines += [(PersonConflict.heading, .error), (PersonConflict.keysText, .dim)]
            for difference in conflict.differences {
                lines += [(difference.yoursText, .normal), (difference.serverText, .dim)]
            }
        }
        lines +=
            [(person.birthdateText, .normal), (person.ageText, .normal), (person.nextBirthdayLine, .dim)]
            + person.contactLines.map { ($0, .normal) }
        if case .viewing = mode { lines += cardLines.map { ($0, .normal) } }
        let wrapped = lines.filter { !$0.0.isEmpty }.flatMap { text, style in TextWrap.lines(text, width: pane.width).map { ($0, style) } }
        for (offset, (line, style)) in wrapped.prefix(pane.height).enumerated() {
            // More than the pane holds: its last row ends with …, never a silent cut.
            let cut = offset == pane.height - 1 && wrapped.count > pane.height
            surface.draw(
                cut ? TextCut.fitting(line + " …", width: pane.width) : line, row: pane.row + offset, column: pane.column,
                width: pane.width, style: cut ? .dim : style)
        }
    }

    /// The form: a heading, then the fields, each with its problem after it when it fits there
    /// whole. The form's note and the problems too long for their row show whole under the
    /// fields, the field being typed's first, each named by its field; when they do not all fit
    /// (40x10), they take the heading's place, and the field being typed stays in view under them.
    @MainActor
    private func drawForm(_ form: PersonForm, into surface: Surface, in rect: Rect) {
        let fields = PersonForm.Field.allCases
        let labelWidth = fields.map { DisplayWidth.of($0.label) }.max() ?? 0
        let (valueColumn, valueWidth) = (rect.column + 4 + labelWidth, rect.width - 4 - labelWidth)
        // What each field shows (the field being typed shows nothing: the input line holds it),
        // and where a problem after it starts.
        let shown = Dictionary(
            uniqueKeysWithValues: fields.map { field in
                let value = field == form.field ? "" : form[field]
                return (field, value.isEmpty && field != form.field ? field.placeholder : value)
            })
        func problemOffset(_ field: PersonForm.Field) -> Int? {
            guard let problem = form.problems[field] else { return nil }
            let used = shown[field]!.isEmpty ? 0 : DisplayWidth.of(shown[field]!) + 2
            return used + DisplayWidth.of(problem) <= valueWidth ? used : nil
        }
        let order = [form.field] + fields.filter { $0 != form.field }
        let notes =
            [Message(form.problem, style: .error)]
            + order.compactMap { field in
                form.problems[field].flatMap { problemOffset(field) == nil ? Message("\(field.label): \($0)", style: .error) : nil }
            }
        let noteRows = notes.map { $0.lines(width: rect.width).count }.reduce(0, +)
        let fitsAll = rect.height >= 1 + fields.count + noteRows
        var row = rect.row
        // Short of room, the notes first, over all rows but the field being typed's.
        if !fitsAll, rect.height > 1 {
            row += Message.draw(notes, into: surface, in: Rect(row: row, column: rect.column, width: rect.width, height: rect.height - 1))
        }
        if row == rect.row, rect.height > 1 {
            row += Message(form.heading, style: .dim).draw(
                into: surface, in: Rect(row: row, column: rect.column, width: rect.width, height: 1))
        }
        let room = max(0, rect.bottom - row - (fitsAll ? noteRows : 0))
        let current = fields.firstIndex(of: form.field) ?? 0
        let first = min(max(0, current - room + 1), max(0, fields.count - room))
        for field in fields.dropFirst(first).prefix(room) {
            let isCurrent = field == form.field
            if isCurrent { surface.markChosen(row: row, column: rect.column) }
            surface.draw(field.label, row: row, column: rect.column + 2, style: isCurrent ? .title : .normal)
            let isValue = !isCurrent && !form[field].isEmpty
            surface.draw(shown[field]!, row: row, column: valueColumn, width: valueWidth, style: isValue ? .normal : .dim)
            if let offset = problemOffset(field), let problem = form.problems[field] {
                surface.draw(problem, row: row, column: valueColumn + offset, style: .error)
            }
            row += 1
        }
        if fitsAll { Message.draw(notes, into: surface, in: Rect(row: row, column: rect.column, width: rect.width, height: noteRows)) }
    }
}
