import Renderer
import Testing

struct DisplayWidthTests {
    // MARK: - Single characters

    @Test func asciiLetterIsOneColumn() {
        #expect(DisplayWidth.of(Character("a")) == 1)
    }

    @Test func controlCharacterIsZeroColumns() {
        #expect(DisplayWidth.of(Character("\u{1B}")) == 0)
        #expect(DisplayWidth.of(Character("\u{7F}")) == 0)
        #expect(DisplayWidth.of(Character("\u{85}")) == 0)
    }

    @Test func cjkIdeographsAreTwoColumns() {
        #expect(DisplayWidth.of(Character("東")) == 2)
        #expect(DisplayWidth.of(Character("京")) == 2)
    }

    @Test func precomposedAccentedLetterIsOneColumn() {
        #expect(DisplayWidth.of(Character("\u{E9}")) == 1)
    }

    @Test func letterWithCombiningAccentIsOneColumn() {
        let decomposed = Character("e\u{301}")
        #expect(decomposed.unicodeScalars.count == 2)
        #expect(DisplayWidth.of(decomposed) == 1)
    }

    @Test func thumbsUpEmojiIsTwoColumns() {
        #expect(DisplayWidth.of(Character("👍")) == 2)
    }

    @Test func emojiWithSkinToneModifierIsTwoColumns() {
        #expect(DisplayWidth.of(Character("👍🏽")) == 2)
    }

    @Test func zeroWidthJoinerSequenceIsTwoColumns() {
        #expect(DisplayWidth.of(Character("👩‍💻")) == 2)
    }

    @Test func flagIsTwoColumns() {
        #expect(DisplayWidth.of(Character("🇫🇷")) == 2)
    }

    @Test func loneRegionalIndicatorIsOneColumn() {
        #expect(DisplayWidth.of(Character("\u{1F1EB}")) == 1)
    }

    @Test func textPresentationHeartIsOneColumn() {
        #expect(DisplayWidth.of(Character("\u{2764}")) == 1)
        #expect(DisplayWidth.of(Character("\u{A9}")) == 1)
    }

    @Test func heartWithEmojiPresentationSelectorIsTwoColumns() {
        #expect(DisplayWidth.of(Character("\u{2764}\u{FE0F}")) == 2)
    }

    @Test func keycapSequenceIsTwoColumns() {
        #expect(DisplayWidth.of(Character("1\u{FE0F}\u{20E3}")) == 2)
        #expect(DisplayWidth.of(Character("#\u{20E3}")) == 2)
    }

    @Test func fullwidthDigitIsTwoColumns() {
        #expect(DisplayWidth.of(Character("１")) == 2)
    }

    @Test func hangulSyllableIsTwoColumns() {
        #expect(DisplayWidth.of(Character("한")) == 2)
    }

    @Test func zeroWidthSpaceIsZeroColumns() {
        #expect(DisplayWidth.of(Character("\u{200B}")) == 0)
    }

    @Test func loneCombiningMarkIsZeroColumns() {
        #expect(DisplayWidth.of(Character("\u{301}")) == 0)
    }

    // MARK: - Strings

    @Test func stringWidthSumsItsCharacters() {
        #expect(DisplayWidth.of("東京") == 4)
        #expect(DisplayWidth.of("a👍🏽b") == 4)
    }

    @Test func asciiStringWidthSkipsControls() {
        #expect(DisplayWidth.of("ab\tc\r\n") == 3)
        #expect(DisplayWidth.of("") == 0)
    }

    @Test func substringWidthIsMeasuredToo() {
        let text = "x東京y"
        #expect(DisplayWidth.of(text.dropFirst()) == 5)
    }
}
