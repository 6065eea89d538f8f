/// A box over the screen listing every key in the keymap, grouped by where it applies, in the
/// order `scopes` gives (where the user is first: `Keymap.helpScopes`).
@MainActor
struct HelpOverlayView {
    let keymap: Keymap
    let scopes: [KeyScope]
    /// The first line shown; the view clamps it.
    let scroll: Int

    /// Every line of the help, before scrolling.
    var lines: [(text: String, style: Style)] {
        let labelWidth = keymap.lines.map { DisplayWidth.of($0.label) }.max() ?? 0
        var lines: [(String, Style)] = []
        for scope in scopes {
            let bindings = keymap.lines.filter { $0.scope == scope }
            guard !bindings.isEmpty else { continue }
            if !lines.isEmpty { lines.append(("", .normal)) }
            lines.append((scope.heading, .title))
            for binding in bindings {
                let padding = String(repeating: " ", count: labelWidth - DisplayWidth.of(binding.label))
                lines.append(("  \(binding.label)\(padding)  \(binding.summary)", .normal))
            }
        }
        return lines
    }

    /// The largest scroll that still fills the box at `size`.
    func maximumScroll(in size: Size) -> Int {
        max(0, lines.count - box(in: size).height + 2)
    }

    func draw(into surface: Surface, in area: Rect) {
        let box = box(in: surface.size)
        let lines = self.lines
        let bodyHeight = box.height - 2
        let first = min(max(0, scroll), max(0, lines.count - bodyHeight))
        for row in box.row..<box.bottom {
            surface.fill(row: row, column: box.column, count: box.width)
        }
        drawBorder(surface, box)
        surface.draw(" Keys ", row: box.row, column: box.column + 2, style: .title)
        for (offset, line) in lines.dropFirst(first).prefix(bodyHeight).enumerated() {
            surface.draw(line.text, row: box.row + 1 + offset, column: box.column + 2, width: box.width - 4, style: line.style)
        }
        if first + bodyHeight < lines.count {
            surface.draw(" more ↓ ", row: box.bottom - 1, column: box.right - 10, style: .dim)
        }
    }

    private func box(in size: Size) -> Rect {
        let content = Rect(row: 2, column: 0, width: size.columns, height: size.rows - 3)
        let widest = lines.map { DisplayWidth.of($0.text) }.max() ?? 0
        return content.centred(Size(columns: widest + 4, rows: lines.count + 2))
    }

    private func drawBorder(_ surface: Surface, _ box: Rect) {
        guard box.width >= 2, box.height >= 2 else { return }
        surface.fill("─", row: box.row, column: box.column + 1, count: box.width - 2)
        surface.fill("─", row: box.bottom - 1, column: box.column + 1, count: box.width - 2)
        for row in box.row + 1..<box.bottom - 1 {
            surface.draw("│", row: row, column: box.column)
            surface.draw("│", row: row, column: box.right - 1)
        }
        surface.draw("┌", row: box.row, column: box.column)
        surface.draw("┐", row: box.row, column: box.right - 1)
        surface.draw("└", row: box.bottom - 1, column: box.column)
        surface.draw("┘", row: box.bottom - 1, column: box.right - 1)
    }
}
