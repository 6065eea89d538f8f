import Renderer
import Screens
import Testing

/// Every list that has the focus answers the same keys the same way: each key sent to each list,
/// read back from where the hidden cursor sits (the chosen row, or the help's first line).
@MainActor
struct ListKeysTests {
    /// A list, the keys that put fresh screens on it with its cursor on its first row, and whether
    /// `g` `G` move it (the Scoreboard's `g` is its games).
    struct List: CustomTestStringConvertible, Sendable {
        let tab: Tab
        let name: String
        let keys: [[UInt8]]
        var gG = true
        var testDescription: String { "\(tab.title): \(name)" }
    }

    nonisolated static let lists: [List] = [
        List(tab: .movies, name: "the films", keys: [StatusLineTruthTests.down, StatusLineTruthTests.typed("k")]),
        List(tab: .people, name: "the people", keys: [StatusLineTruthTests.esc]),
        List(tab: .search, name: "the results", keys: [StatusLineTruthTests.typed("a"), StatusLineTruthTests.down]),
        List(
            tab: .scoreboard, name: "the games kept",
            keys: [2, 2].flatMap { _ in ["2", "n", "y"].map(StatusLineTruthTests.typed) } + [Array("g".utf8)],
            gG: false),
        List(tab: .weather, name: "the help", keys: [StatusLineTruthTests.typed("\u{1B}OP")]),
    ]

    /// The keys, and whether each goes down (toward the end) or up.
    nonisolated static let keys: [(name: String, bytes: [UInt8], down: Bool)] = [
        ("↓", Array("\u{1B}[B".utf8), true), ("j", Array("j".utf8), true), ("PgDn", Array("\u{1B}[6~".utf8), true),
        ("End", Array("\u{1B}[F".utf8), true), ("G", Array("G".utf8), true),
        ("↑", Array("\u{1B}[A".utf8), false), ("k", Array("k".utf8), false), ("PgUp", Array("\u{1B}[5~".utf8), false),
        ("Home", Array("\u{1B}[H".utf8), false), ("g", Array("g".utf8), false),
    ]

    @Test(arguments: lists)
    func eachKeyMovesTheListAsEveryListMoves(list: List) async {
        for key in Self.keys where list.gG || !["g", "G"].contains(key.name) {
            let screens = await Self.put(on: list)
            let top = Self.place(in: screens)
            // From the first row a key up stays; from one row down it comes back to the first.
            if !key.down {
                screens.harness.type(Self.keys[0].bytes)
                await screens.settle()
            }
            screens.harness.type(key.bytes)
            await screens.settle()
            let moved = Self.place(in: screens)
            #expect(key.down ? moved != top : moved == top, "\(list.testDescription): \(key.name) left the list at \(moved)")
        }
    }

    /// Where the list stands: the chosen row, and what it shows (the help scrolls under its first line).
    private static func place(in screens: EveryScreenHarness) -> String {
        let grid = screens.harness.grid
        guard let row = (grid.focus ?? grid.cursor)?.row else { return "no chosen row" }
        return "\(row): \(grid.lines[row])"
    }

    private static func put(on list: List) async -> EveryScreenHarness {
        let screens = EveryScreenHarness(tab: list.tab, size: Size(columns: 80, rows: 14), films: StatusLineTruthTests.films)
        await screens.settle(advancingBy: .seconds(1))
        for keys in list.keys {
            screens.harness.type(keys)
            await screens.settle(advancingBy: .seconds(1))
        }
        return screens
    }
}
