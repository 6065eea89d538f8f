import Renderer

/// Draws a screen's value alone, as a test builds it by hand: no view-model, no shell, no terminal.
@MainActor
struct ContentDrawing {
    let grid: GridSurface

    /// `draw` draws into a grid of `size`, over all of it.
    init(_ size: Size, _ draw: (any Surface, Rect) -> Void) {
        grid = GridSurface(size: size)
        draw(grid, Rect(row: 0, column: 0, width: size.columns, height: size.rows))
    }

    /// The grid's rows, trailing blanks cut, trailing blank rows dropped.
    var lines: [String] {
        var lines = grid.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// The screen's region at 80x24 and at the minimum 40x10, under the tab bar, above the status
    /// line, and under the input line when the screen has one.
    nonisolated static func region(_ columns: Int, _ rows: Int, inputLine: Bool) -> Size {
        Size(columns: columns, rows: rows - 3 - (inputLine ? 2 : 0))
    }
}
