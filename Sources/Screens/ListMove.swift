/// A move through a list, as every list the user moves through takes it: rows up or down (↑ ↓,
/// `k` `j`, the wheel), pages (PgUp PgDn), the first or the last (Home End, `g` `G`). Each list's
/// view-model takes it in one input, `move(_:)`, and finds where its cursor lands here.
///
/// ```swift
/// ListMove.pages(1).index(from: 3, count: 100, page: 20)   // 23
/// ListMove.last.index(from: 3, count: 100, page: 20)       // 99
/// ListMove.rows(-5).index(from: 3, count: 100, page: 20)   // 0: within the list
/// ```
public enum ListMove: Hashable, Sendable {
    case rows(Int)
    case pages(Int)
    case first
    case last

    /// Where the cursor lands from `index` in a list of `count` rows, a page being `page` rows:
    /// always within the list (0 when it is empty).
    public func index(from index: Int, count: Int, page: Int) -> Int {
        let target =
            switch self {
            case .rows(let rows): index + rows
            case .pages(let pages): index + pages * max(1, page)
            case .first: 0
            case .last: count - 1
            }
        return min(max(0, target), max(0, count - 1))
    }
}
