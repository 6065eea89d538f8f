/// A terminal size in character cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Lines from top to bottom.
    public var rows: Int
    /// Cells from left to right.
    public var columns: Int

    /// Creates a size of `columns` by `rows` cells.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The size as a person writes it: `80x24`.
    public var description: String { "\(columns)x\(rows)" }

    /// Whether this size is at least `other` in both directions.
    public func fits(_ other: Size) -> Bool {
        columns >= other.columns && rows >= other.rows
    }
}

/// A rectangle of cells on the screen.
public struct Rect: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var width: Int
    public var height: Int

    /// Creates the rectangle whose top-left cell is at `row`, `column`.
    public init(row: Int, column: Int, width: Int, height: Int) {
        self.row = row
        self.column = column
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The row just below the rectangle.
    public var bottom: Int { row + height }
    /// The column just right of the rectangle.
    public var right: Int { column + width }

    /// The rectangle without its first `count` rows.
    public func droppingTop(_ count: Int) -> Rect {
        Rect(row: row + count, column: column, width: width, height: height - count)
    }

    /// The rectangle of `size`, centred inside this one (and clipped to it).
    public func centred(_ size: Size) -> Rect {
        let width = min(size.columns, self.width)
        let height = min(size.rows, self.height)
        return Rect(
            row: row + (self.height - height) / 2, column: column + (self.width - width) / 2,
            width: width, height: height)
    }
}

/// A cell position: the place of the cursor.
public struct Position: Hashable, Sendable {
    public var row: Int
    public var column: Int

    /// Creates the position of the cell at `row`, `column`.
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}
