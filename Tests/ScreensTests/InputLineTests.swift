import Screens
import Testing

/// The input line's text and cursor, edited by character (grapheme cluster): CJK, emoji with
/// modifiers, ZWJ sequences and combining accents are one character each.
struct InputLineTests {
    // MARK: - Typing

    @Test func aSuggestionIsReplacedByWhatIsTypedRemovedByADeleteAndKeptByAMove() {
        var typed = InputLine(suggesting: "people.vcf")
        #expect(typed.isSuggestion)
        typed.apply(.insert("~"))
        #expect(typed == InputLine(text: "~"))
        var deleted = InputLine(suggesting: "people.vcf")
        deleted.apply(.deleteBackward)
        #expect(deleted == InputLine())
        var moved = InputLine(suggesting: "people.vcf")
        moved.apply(.moveLeft)
        moved.apply(.insert("s"))
        #expect(moved.text == "people.vcsf", "after a move, the text is text like any other")
        #expect(!moved.isSuggestion)
    }

    @Test func typingAsciiAppendsAndMovesTheCursor() {
        var line = InputLine()
        for letter in ["h", "e", "y"] { line.insert(letter) }
        #expect(line.text == "hey")
        #expect(line.cursor == 3)
    }

    @Test func typingWideCharactersPutsTheCursorAfterTheirColumns() {
        var line = InputLine()
        line.insert("東京")
        #expect(line.cursor == 2)
    }

    @Test func skinToneTypedAfterItsBaseJoinsIntoOneCluster() {
        var line = InputLine(text: "a")
        line.insert("👍")
        line.insert("🏽")
        #expect(line.text == "a👍🏽")
        #expect(line.cursor == 2)
        line.deleteBackward()
        #expect(line.text == "a")
        #expect(line.cursor == 1)
    }

    @Test func combiningAccentTypedInTheMiddleJoinsItsBase() {
        var line = InputLine(text: "ex")
        line.moveLeft()
        line.insert("\u{301}")
        #expect(line.text == "e\u{301}x")
        #expect(line.cursor == 1)
        line.deleteForward()
        #expect(line.text == "e\u{301}")
    }

    @Test func newlinesAndTabsBecomeSpaces() {
        var line = InputLine()
        line.insert("a\nb\tc\r\nd\re")
        #expect(line.text == "a b c d e")
        #expect(line.cursor == 9)
    }

    @Test func largePasteLandsInOneCall() {
        var line = InputLine(text: "[]")
        line.moveLeft()
        let paste = String(repeating: "abc東👍🏽", count: 1_000)
        line.insert(paste)
        #expect(line.text == "[" + paste + "]")
        #expect(line.cursor == 5_001)
    }

    @Test func replaceSetsTheTextWithTheCursorAtTheEnd() {
        var line = InputLine(text: "old")
        line.moveHome()
        line.replace(with: "新しい")
        #expect(line == InputLine(text: "新しい"))
        #expect(line.cursor == 3)
    }

    // MARK: - Moving

    @Test func leftAndRightStepOverWideCharacters() {
        var line = InputLine(text: "東京")
        line.moveLeft()
        #expect(line.cursor == 1)
        line.moveRight()
        line.moveRight()
        #expect(line.cursor == 2)
    }

    @Test func homeAndEndJumpToTheEnds() {
        var line = InputLine(text: "a東b")
        line.moveHome()
        #expect(line.cursor == 0)
        line.moveLeft()
        #expect(line.cursor == 0)
        line.moveEnd()
        #expect(line.cursor == 3)
    }

    // MARK: - Deleting

    @Test func deleteAtTheEndDoesNothing() {
        var line = InputLine(text: "ab")
        line.deleteForward()
        #expect(line == InputLine(text: "ab"))
    }

    @Test func backspaceAtTheStartDoesNothing() {
        var line = InputLine(text: "ab")
        line.moveHome()
        line.deleteBackward()
        #expect(line.text == "ab")
        #expect(line.cursor == 0)
    }

    @Test func deleteToStartRemovesEverythingBeforeTheCursor() {
        var line = InputLine(text: "hello world")
        for _ in 0..<5 { line.moveLeft() }
        line.deleteToStart()
        #expect(line.text == "world")
        #expect(line.cursor == 0)
    }

    @Test func deleteWordRemovesTrailingSpacesAndOneWord() {
        var line = InputLine(text: "one two  three   ")
        line.deleteWordBackward()
        #expect(line.text == "one two  ")
        #expect(line.cursor == 9)
        line.deleteWordBackward()
        #expect(line.text == "one ")
        line.deleteWordBackward()
        #expect(line.text == "")
        line.deleteWordBackward()
        #expect(line.cursor == 0)
    }

    @Test func deleteWordInTheMiddleKeepsTheRest() {
        var line = InputLine(text: "say 東京 now")
        for _ in 0..<4 { line.moveLeft() }
        line.deleteWordBackward()
        #expect(line.text == "say  now")
        #expect(line.cursor == 4)
    }

    @Test func clearEmptiesTheText() {
        var line = InputLine(text: "abc")
        line.clear()
        #expect(line == InputLine())
    }

    // MARK: - By character

    @Test func cjkIsOneCharacterEach() {
        var line = InputLine(text: "東京タワー")
        #expect(line.cursor == 5)
        line.moveLeft()
        line.moveLeft()
        line.deleteBackward()
        #expect(line.text == "東京ワー")
        #expect(line.cursor == 2)
        line.insert("の")
        #expect(line.text == "東京のワー")
        #expect(line.cursor == 3)
    }

    @Test func aZwjSequenceIsOneCharacter() {
        let family = "👨‍👩‍👧‍👦"
        var line = InputLine(text: "a\(family)b")
        #expect(line.cursor == 3)
        line.moveLeft()
        line.moveLeft()
        #expect(line.cursor == 1)
        line.deleteForward()
        #expect(line.text == "ab")
        line.moveRight()
        line.insert(family)
        line.deleteWordBackward()
        #expect(line.text == "")
    }

    @Test func aZwjSequenceTypedPieceByPieceJoinsIntoOneCharacter() {
        var line = InputLine(text: "x")
        for piece in ["👩", "\u{200D}", "💻"] { line.insert(piece) }
        #expect(line.text == "x👩‍💻")
        #expect(line.cursor == 2)
        line.deleteBackward()
        #expect(line.text == "x")
    }

    @Test func emojiWithAModifierIsOneCharacter() {
        var line = InputLine(text: "👍🏽👍🏿")
        #expect(line.cursor == 2)
        line.moveLeft()
        line.deleteBackward()
        #expect(line.text == "👍🏿")
        #expect(line.cursor == 0)
    }

    // MARK: - Edits

    @Test func eachEditIsItsMethod() {
        let edits: [(InputLineEdit, (inout InputLine) -> Void)] = [
            (.insert("新"), { $0.insert("新") }), (.moveLeft, { $0.moveLeft() }), (.moveRight, { $0.moveRight() }),
            (.moveHome, { $0.moveHome() }), (.moveEnd, { $0.moveEnd() }), (.deleteBackward, { $0.deleteBackward() }),
            (.deleteForward, { $0.deleteForward() }), (.deleteToStart, { $0.deleteToStart() }),
            (.deleteWordBackward, { $0.deleteWordBackward() }),
        ]
        for (edit, method) in edits {
            var start = InputLine(text: "one 東京 👍🏽 two")
            for _ in 0..<5 { start.moveLeft() }
            var applied = start
            applied.apply(edit)
            var called = start
            method(&called)
            #expect(applied == called, "\(edit)")
            #expect(applied.text == called.text)
        }
    }
}
