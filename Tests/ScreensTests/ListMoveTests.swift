import Screens
import Testing

/// The one way every list moves, tested once: each move from the middle, at the ends, and in an
/// empty list.
struct ListMoveTests {
    @Test(arguments: [
        (ListMove.rows(1), 50, 51), (.rows(-1), 50, 49), (.rows(-1), 0, 0), (.rows(1), 99, 99), (.rows(3), 98, 99),
        (.pages(1), 50, 70), (.pages(-1), 50, 30), (.pages(1), 90, 99), (.pages(-1), 10, 0),
        (.first, 50, 0), (.last, 50, 99), (.last, 0, 99),
    ])
    func aMoveLandsWithinTheList(move: ListMove, from: Int, to: Int) {
        #expect(move.index(from: from, count: 100, page: 20) == to)
    }

    @Test func anEmptyListKeepsTheCursorAtItsTop() {
        for move in [ListMove.rows(1), .rows(-1), .pages(1), .first, .last] {
            #expect(move.index(from: 0, count: 0, page: 20) == 0)
        }
    }

    @Test func aPageOfNoRowsStillMovesOne() {
        #expect(ListMove.pages(1).index(from: 0, count: 10, page: 0) == 1)
    }
}
