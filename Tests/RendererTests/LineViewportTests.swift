import Renderer
import Screens
import Testing

/// Which part of the input line a field of a given width shows, and where its cursor is:
/// measured by display width, a drawing concern of the view.
struct LineViewportTests {
    @Test func typingAsciiPutsTheCursorAfterIt() {
        var line = InputLine()
        for letter in ["h", "e", "y"] { line.insert(letter) }
        #expect(line.viewport(width: 10).cursorColumn == 3)
    }

    @Test func wideCharactersPutTheCursorAfterTheirColumns() {
        var line = InputLine()
        line.insert("東京")
        #expect(line.cursor == 2)
        #expect(line.viewport(width: 10).cursorColumn == 4)
        line.moveLeft()
        #expect(line.viewport(width: 10).cursorColumn == 2)
    }

    @Test func anEmojiWithAModifierIsTwoColumns() {
        var line = InputLine(text: "a👍🏽b")
        line.moveLeft()
        #expect(line.viewport(width: 10).cursorColumn == 3)
    }

    @Test func shortTextIsShownWhole() {
        let line = InputLine(text: "hello")
        let expected = LineViewport(visibleText: "hello", cursorColumn: 5, hiddenBefore: false, hiddenAfter: false)
        #expect(line.viewport(width: 6) == expected)
    }

    @Test func cursorAtTheEndOfLongTextIsAtTheRightEdge() {
        let line = InputLine(text: "abcdefghij")
        let expected = LineViewport(visibleText: "fghij", cursorColumn: 5, hiddenBefore: true, hiddenAfter: false)
        #expect(line.viewport(width: 6) == expected)
    }

    @Test func movingHomeScrollsBackToTheStart() {
        var line = InputLine(text: "abcdefghij")
        line.moveHome()
        let expected = LineViewport(visibleText: "abcdef", cursorColumn: 0, hiddenBefore: false, hiddenAfter: true)
        #expect(line.viewport(width: 6) == expected)
    }

    @Test func cursorInTheMiddleKeepsSomeTextAfterItVisible() {
        var line = InputLine(text: "abcdefghijklmnop")
        for _ in 0..<6 { line.moveLeft() }
        let view = line.viewport(width: 10)
        #expect(view == LineViewport(visibleText: "defghijklm", cursorColumn: 7, hiddenBefore: true, hiddenAfter: true))
    }

    @Test func wideCharacterThatDoesNotFitAtTheRightEdgeIsLeftOut() {
        var line = InputLine(text: "abcd東京")
        line.moveHome()
        let view = line.viewport(width: 5)
        #expect(view.visibleText == "abcd")
        #expect(view.hiddenAfter)
    }

    @Test func wideCharactersScrollWholeWhenTheCursorIsAtTheEnd() {
        let line = InputLine(text: "東京大阪")
        let view = line.viewport(width: 6)
        #expect(view == LineViewport(visibleText: "大阪", cursorColumn: 4, hiddenBefore: true, hiddenAfter: false))
    }

    @Test func zeroWidthFieldIsEmpty() {
        let line = InputLine(text: "abc")
        #expect(line.viewport(width: 0) == LineViewport(visibleText: "", cursorColumn: 0, hiddenBefore: false, hiddenAfter: false))
    }

    @Test func oneColumnFieldShowsOnlyTheCursorCell() {
        var line = InputLine(text: "abc")
        #expect(line.viewport(width: 1) == LineViewport(visibleText: "", cursorColumn: 0, hiddenBefore: true, hiddenAfter: false))
        line.moveLeft()
        #expect(line.viewport(width: 1) == LineViewport(visibleText: "c", cursorColumn: 0, hiddenBefore: true, hiddenAfter: false))
    }

    @Test func viewportIsAPureFunctionOfTextCursorAndWidth() {
        var walked = InputLine(text: "abcdefghijklmnop")
        for _ in 0..<16 { walked.moveLeft() }
        for _ in 0..<9 { walked.moveRight() }
        var direct = InputLine(text: "abcdefghijklmnop")
        for _ in 0..<7 { direct.moveLeft() }
        #expect(walked == direct)
        #expect(walked.viewport(width: 8) == direct.viewport(width: 8))
    }
}
