import Foundation
import Models
import Renderer
import Screens
import Testing
import TestSupport

/// What the mouse reaches: every target a view marks covers what it drew there, and a click or a
/// turn of the wheel does what the key for the same thing does.
@MainActor
struct MouseTargetTests {
    @Test(arguments: Tab.allCases, [Size(columns: 80, rows: 24), Size(columns: 40, rows: 10)])
    func everyClickableAreaCoversWhatItsViewDrewThere(tab: Tab, size: Size) async {
        let screens = EveryScreenHarness(tab: tab, size: size)
        await screens.settle()
        let grid = screens.harness.grid
        let clickable = grid.mouseTargets.filter { $0.click != nil }
        #expect(!clickable.isEmpty)
        for target in clickable {
            let rect = target.rect
            #expect(rect.row >= 0 && rect.bottom <= size.rows && rect.column >= 0 && rect.right <= size.columns, "\(rect)")
            let cells = grid.lines[rect.row..<rect.bottom].map { line in
                String(line.dropFirst(rect.column).prefix(rect.width))
            }
            #expect(cells.contains { !$0.trimmingCharacters(in: .whitespaces).isEmpty }, "\(tab) \(rect) covers nothing drawn")
        }
    }

    @Test(arguments: [Size(columns: 80, rows: 24), Size(columns: 40, rows: 10)])
    func aClickOnATabNameOpensThatTab(size: Size) async {
        let screens = EveryScreenHarness(tab: .weather, size: size)
        let harness = screens.harness
        for tab in Tab.allCases.reversed() {
            let names = harness.grid.mouseTargets.filter { $0.rect.row == 0 }
            #expect(names.count == Tab.allCases.count)
            let name = names[Tab.allCases.firstIndex(of: tab)!].rect
            let text = harness.grid.lines[0].dropFirst(name.column).prefix(name.width)
            #expect(tab.title.hasPrefix(text.trimmingCharacters(in: CharacterSet(charactersIn: " []…"))))
            harness.click(row: 0, column: name.right - 1)
            #expect(latest(harness.shell.selectedTab) == tab)
        }
    }

    @Test func aClickInTheInputLinePutsTheCursorBeforeTheCharacterClicked() async {
        let screens = EveryScreenHarness(tab: .weather, size: Size(columns: 80, rows: 24))
        let harness = screens.harness
        harness.type("東京 Paris")
        let start = harness.position(of: "東京 Paris")!
        harness.click(row: start.row, column: start.column + 3)  // the second cell of 京
        #expect(harness.inputLine?.cursor == 1)
        harness.click(row: start.row, column: start.column + 5)  // P
        #expect(harness.inputLine?.cursor == 3)
        harness.click(row: start.row, column: 79)  // past the text
        #expect(harness.inputLine?.cursor == 8)
        harness.press(.escape)
        #expect(!harness.view.isInputFocused)
        harness.click(row: start.row, column: 2)  // the prompt: the line takes the focus, the cursor first
        #expect(harness.view.isInputFocused)
        #expect(harness.inputLine?.cursor == 0)
    }

    @Test func aClickOnASuggestedPlaceLooksItUp() async {
        let screens = EveryScreenHarness(tab: .weather, size: Size(columns: 80, rows: 24))
        let harness = screens.harness
        harness.type("Par")
        await until(screens.viewModels.weather.suggestions) { !$0.isEmpty }
        harness.draw()
        let richmond = harness.position(of: "Richmond, VA")!
        harness.click(row: richmond.row, column: richmond.column)
        await untilIdle(screens.viewModels.weather.isBusy)
        #expect(latest(screens.viewModels.weather.locationName) == "Richmond, VA")
        #expect(harness.inputLine?.text == "Richmond, VA")
    }

    @Test func peopleRowsAreChosenByAClickAndEditedByASecondOne() async {
        let screens = EveryScreenHarness(tab: .people, size: Size(columns: 80, rows: 24))
        await screens.settle()
        let harness = screens.harness
        let people = screens.viewModels.people
        let mark = harness.position(of: "›")!
        let next = harness.grid.lines[mark.row + 1].dropFirst(mark.column + 2).prefix(20).trimmingCharacters(in: .whitespaces)
        let second = Position(row: mark.row + 1, column: mark.column + 2)
        harness.click(row: second.row, column: second.column)
        #expect(latest(people.selectedPerson).map { $0.nameText.hasPrefix(next) } == true)
        #expect(latest(people.selectedIndex) == 1)
        guard case .list = latest(people.prompt.mode) else {
            Issue.record("the form opened on the first click")
            return
        }
        harness.type("d")  // asked whether to delete: the list answers neither the arrows nor the mouse
        harness.click(row: mark.row, column: mark.column + 2)
        #expect(latest(people.selectedIndex) == 1)
        harness.wheel(down: true, row: mark.row, column: mark.column + 2)
        #expect(latest(people.selectedIndex) == 1)
        harness.type("n")
        harness.click(row: second.row, column: second.column)
        guard case .form = latest(people.prompt.mode) else {
            Issue.record("a second click did not edit")
            return
        }
    }

    @Test func theWheelMovesTheListUnderThePointerAndScrollsTheHelp() async {
        let screens = EveryScreenHarness(tab: .people, size: Size(columns: 80, rows: 24))
        await screens.settle()
        let harness = screens.harness
        let people = screens.viewModels.people
        let first = latest(people.selectedIndex)
        let row = harness.position(of: "›")!.row
        harness.wheel(down: true, row: row, column: 10)
        #expect(latest(people.selectedIndex) == first + 3)
        harness.wheel(down: false, row: row, column: 10)
        #expect(latest(people.selectedIndex) == first)
        harness.wheel(down: true, row: 0, column: 10)  // the tab bar is no list
        #expect(latest(people.selectedIndex) == first)

        harness.type("?")
        #expect(latest(harness.shell.isHelpVisible))
        let top = harness.grid.text
        harness.wheel(down: true, row: 10, column: 10)
        #expect(harness.grid.text != top)
        #expect(latest(people.selectedIndex) == first)
        harness.click(row: 10, column: 10)
        #expect(!latest(harness.shell.isHelpVisible))
    }

    @Test func moviesSegmentsAreChosenByAClickAndTheWheelMovesTheFilms() async throws {
        let screens = EveryScreenHarness(tab: .movies, size: Size(columns: 100, rows: 30))
        await screens.settle()
        let harness = screens.harness
        let movies = screens.viewModels.movies
        let topRated = try #require(harness.position(of: "Top Rated"))
        harness.click(row: topRated.row, column: topRated.column)
        #expect(latest(movies.selectedSegment) == movies.segments.firstIndex(of: "Top Rated"))
        await screens.settle()
        let mark = try #require(harness.position(of: "›"))
        harness.wheel(down: true, row: mark.row, column: mark.column + 4)
        #expect(latest(movies.selectedIndex) == min(3, latest(movies.rows).count - 1))
        #expect(latest(movies.selectedIndex) > 1)
        harness.click(row: mark.row + 1, column: mark.column + 4)  // the second film, now above the cursor
        #expect(latest(movies.selectedIndex) == 1)
    }

    @Test func theScoreboardsButtonAndPlayersAnswerClicks() async throws {
        let screens = EveryScreenHarness(tab: .scoreboard, size: Size(columns: 80, rows: 24))
        await screens.settle()
        let harness = screens.harness
        let scoreboard = screens.viewModels.scoreboard
        let start = try #require(harness.position(of: "[ Start ]"))
        harness.click(row: start.row, column: start.column + 3)
        #expect(harness.position(of: "[ Pause ]") != nil)
        let pause = try #require(harness.position(of: "[ Pause ]"))
        harness.click(row: pause.row, column: pause.column)
        #expect(harness.position(of: "[ Start ]") != nil)
        // The players' rows: the third row of the table's right half is the away team's third player.
        let rows = harness.grid.mouseTargets.filter { $0.click != nil && $0.rect.row > start.row && $0.rect.height == 1 }
        #expect(rows.count == 6)
        let last = try #require(rows.last)
        harness.click(row: last.rect.row, column: last.rect.column + 4)
        #expect(latest(scoreboard.selectedPlayerIndex) == 5)
        harness.type("1")
        #expect(latest(scoreboard.awayPlayers[2].onePointMoveCount) == "1")
    }

    @Test func onlyALeftClickClosesTheNoticeAndDoesNothingElse() throws {
        let harness = ShellHarness(tab: .movies, notices: ["the config file has an unknown key"])
        harness.draw()
        // A right press, a release, a middle press, the wheel.
        harness.type(Array("\u{1B}[<2;5;5M\u{1B}[<0;5;5m\u{1B}[<1;5;5M\u{1B}[<64;5;5M".utf8))
        #expect(harness.grid.text.contains("unknown key"))
        let search = try #require(harness.grid.lines[0].range(of: "Search")).lowerBound.utf16Offset(in: harness.grid.lines[0])
        harness.click(row: 0, column: search)
        #expect(!harness.grid.text.contains("unknown key"))
        #expect(latest(harness.shell.selectedTab) == .movies, "the click closed the notice only")
        harness.click(row: 0, column: search)
        #expect(latest(harness.shell.selectedTab) == .search)
    }
}
