/// What the whole screen shows when the terminal is smaller than the shell can lay out.
@MainActor
struct TooSmallView {
    let minimum: Size

    func draw(into surface: Surface) {
        let size = surface.size
        let lines = ["Terminal too small", "Needs at least \(minimum)", "Now \(size)"]
        let top = max(0, (size.rows - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let column = max(0, (size.columns - DisplayWidth.of(line)) / 2)
            surface.draw(line, row: top + offset, column: column, style: offset == 0 ? .title : .normal)
        }
    }
}
