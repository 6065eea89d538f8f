import Renderer
import Testing

struct LineEditorTests {
    // MARK: - Typing

    @Test func typingAsciiAppendsAndMovesTheCursor() {
        var editor = LineEditor()
        for letter in ["h", "e", "y"] { editor.insert(letter) }
        #expect(editor.text == "hey")
        #expect(editor.cursor == 3)
        #expect(editor.viewport(width: 10).cursorColumn == 3)
    }

    @Test func typingWideCharactersPutsTheCursorAfterTheirColumns() {
        var editor = LineEditor()
        editor.insert("東京")
        #expect(editor.cursor == 2)
        #expect(editor.viewport(width: 10).cursorColumn == 4)
    }

    @Test func skinToneTypedAfterItsBaseJoinsIntoOneCluster() {
        var editor = LineEditor(text: "a")
        editor.insert("👍")
        editor.insert("🏽")
        #expect(editor.text == "a👍🏽")
        #expect(editor.cursor == 2)
        editor.deleteBackward()
        #expect(editor.text == "a")
        #expect(editor.cursor == 1)
    }

    @Test func combiningAccentTypedInTheMiddleJoinsItsBase() {
        var editor = LineEditor(text: "ex")
        editor.moveLeft()
        editor.insert("\u{301}")
        #expect(editor.text == "e\u{301}x")
        #expect(editor.cursor == 1)
        editor.deleteForward()
        #expect(editor.text == "e\u{301}")
    }

    @Test func newlinesAndTabsBecomeSpaces() {
        var editor = LineEditor()
        editor.insert("a\nb\tc\r\nd\re")
        #expect(editor.text == "a b c d e")
        #expect(editor.cursor == 9)
    }

    @Test func largePasteLandsInOneCall() {
        var editor = LineEditor(text: "[]")
        editor.moveLeft()
        let paste = String(repeating: "abc東👍🏽", count: 1_000)
        editor.insert(paste)
        #expect(editor.text == "[" + paste + "]")
        #expect(editor.cursor == 5_001)
    }

    @Test func replaceSetsTheTextWithTheCursorAtTheEnd() {
        var editor = LineEditor(text: "old")
        editor.moveHome()
        editor.replace(with: "新しい")
        #expect(editor == LineEditor(text: "新しい"))
        #expect(editor.cursor == 3)
    }

    // MARK: - Moving

    @Test func leftAndRightStepOverWideCharacters() {
        var editor = LineEditor(text: "東京")
        editor.moveLeft()
        #expect(editor.cursor == 1)
        #expect(editor.viewport(width: 10).cursorColumn == 2)
        editor.moveRight()
        editor.moveRight()
        #expect(editor.cursor == 2)
        #expect(editor.viewport(width: 10).cursorColumn == 4)
    }

    @Test func homeAndEndJumpToTheEnds() {
        var editor = LineEditor(text: "a東b")
        editor.moveHome()
        #expect(editor.cursor == 0)
        editor.moveLeft()
        #expect(editor.cursor == 0)
        editor.moveEnd()
        #expect(editor.cursor == 3)
    }

    // MARK: - Deleting

    @Test func deleteAtTheEndDoesNothing() {
        var editor = LineEditor(text: "ab")
        editor.deleteForward()
        #expect(editor == LineEditor(text: "ab"))
    }

    @Test func backspaceAtTheStartDoesNothing() {
        var editor = LineEditor(text: "ab")
        editor.moveHome()
        editor.deleteBackward()
        #expect(editor.text == "ab")
        #expect(editor.cursor == 0)
    }

    @Test func deleteToStartRemovesEverythingBeforeTheCursor() {
        var editor = LineEditor(text: "hello world")
        for _ in 0..<5 { editor.moveLeft() }
        editor.deleteToStart()
        #expect(editor.text == "world")
        #expect(editor.cursor == 0)
    }

    @Test func deleteWordRemovesTrailingSpacesAndOneWord() {
        var editor = LineEditor(text: "one two  three   ")
        editor.deleteWordBackward()
        #expect(editor.text == "one two  ")
        #expect(editor.cursor == 9)
        editor.deleteWordBackward()
        #expect(editor.text == "one ")
        editor.deleteWordBackward()
        #expect(editor.text == "")
        editor.deleteWordBackward()
        #expect(editor.cursor == 0)
    }

    @Test func deleteWordInTheMiddleKeepsTheRest() {
        var editor = LineEditor(text: "say 東京 now")
        for _ in 0..<4 { editor.moveLeft() }
        editor.deleteWordBackward()
        #expect(editor.text == "say  now")
        #expect(editor.cursor == 4)
    }

    @Test func clearEmptiesTheText() {
        var editor = LineEditor(text: "abc")
        editor.clear()
        #expect(editor == LineEditor())
    }

    // MARK: - Viewport

    @Test func shortTextIsShownWhole() {
        let editor = LineEditor(text: "hello")
        let expected = LineViewport(visibleText: "hello", cursorColumn: 5, hiddenBefore: false, hiddenAfter: false)
        #expect(editor.viewport(width: 6) == expected)
    }

    @Test func cursorAtTheEndOfLongTextIsAtTheRightEdge() {
        let editor = LineEditor(text: "abcdefghij")
        let expected = LineViewport(visibleText: "fghij", cursorColumn: 5, hiddenBefore: true, hiddenAfter: false)
        #expect(editor.viewport(width: 6) == expected)
    }

    @Test func movingHomeScrollsBackToTheStart() {
        var editor = LineEditor(text: "abcdefghij")
        editor.moveHome()
        let expected = LineViewport(visibleText: "abcdef", cursorColumn: 0, hiddenBefore: false, hiddenAfter: true)
        #expect(editor.viewport(width: 6) == expected)
    }

    @Test func cursorInTheMiddleKeepsSomeTextAfterItVisible() {
        var editor = LineEditor(text: "abcdefghijklmnop")
        for _ in 0..<6 { editor.moveLeft() }
        let view = editor.viewport(width: 10)
        #expect(view == LineViewport(visibleText: "defghijklm", cursorColumn: 7, hiddenBefore: true, hiddenAfter: true))
    }

    @Test func wideCharacterThatDoesNotFitAtTheRightEdgeIsLeftOut() {
        var editor = LineEditor(text: "abcd東京")
        editor.moveHome()
        let view = editor.viewport(width: 5)
        #expect(view.visibleText == "abcd")
        #expect(view.hiddenAfter)
    }

    @Test func wideCharactersScrollWholeWhenTheCursorIsAtTheEnd() {
        let editor = LineEditor(text: "東京大阪")
        let view = editor.viewport(width: 6)
        #expect(view == LineViewport(visibleText: "大阪", cursorColumn: 4, hiddenBefore: true, hiddenAfter: false))
    }

    @Test func zeroWidthFieldIsEmpty() {
        let editor = LineEditor(text: "abc")
        #expect(editor.viewport(width: 0) == LineViewport(visibleText: "", cursorColumn: 0, hiddenBefore: false, hiddenAfter: false))
    }

    @Test func oneColumnFieldShowsOnlyTheCursorCell() {
        var editor = LineEditor(text: "abc")
        #expect(editor.viewport(width: 1) == LineViewport(visibleText: "", cursorColumn: 0, hiddenBefore: true, hiddenAfter: false))
        editor.moveLeft()
        #expect(editor.viewport(width: 1) == LineViewport(visibleText: "c", cursorColumn: 0, hiddenBefore: true, hiddenAfter: false))
    }

    @Test func viewportIsAPureFunctionOfTextCursorAndWidth() {
        var walked = LineEditor(text: "abcdefghijklmnop")
        for _ in 0..<16 { walked.moveLeft() }
        for _ in 0..<9 { walked.moveRight() }
        var direct = LineEditor(text: "abcdefghijklmnop")
        for _ in 0..<7 { direct.moveLeft() }
        #expect(walked == direct)
        #expect(walked.viewport(width: 8) == direct.viewport(width: 8))
    }
}
