import InputDecoding
import Renderer
import Testing
import TestSupport

struct InputDecoderTests {
    // MARK: - Printable text

    @Test func asciiTextIsOneRun() {
        #expect(decode("hello, world ~!") == [.text("hello, world ~!")])
    }

    @Test func plainTextPasteIsOneRun() {
        let typed = String(repeating: "abcde", count: 1_000)
        #expect(decode(typed) == [.text(typed)])
    }

    @Test func cjkTextIsKept() {
        #expect(decode("東京") == [.text("東京")])
    }

    @Test func emojiWithSkinToneModifierIsKeptAsText() {
        #expect(decode("👍🏽") == [.text("👍🏽")])
    }

    @Test func emojiZwjSequenceIsKeptAsText() {
        #expect(decode("👩‍💻") == [.text("👩‍💻")])
    }

    @Test func combiningMarksAndVariationSelectorsAreKept() {
        let text = "e\u{301}❤\u{FE0F}"
        #expect(decode(text) == [.text(text)])
    }

    @Test func textBetweenKeysSplitsIntoRuns() {
        #expect(decode("ab\u{1B}[Acd\tef") == [.text("ab"), .up, .text("cd"), .tab, .text("ef")])
    }

    @Test func utf8CharacterSplitAcrossFeedsDecodes() {
        var decoder = InputDecoder()
        let bytes = Array("a東👍".utf8)  // 1 + 3 + 4 bytes
        #expect(decoder.feed(bytes[0..<2]) == [.text("a")])
        #expect(decoder.isHoldingBytes)
        #expect(decoder.feed(bytes[2..<5]) == [.text("東")])
        #expect(decoder.isHoldingBytes)
        #expect(decoder.feed(bytes[5...]) == [.text("👍")])
        #expect(!decoder.isHoldingBytes)
    }

    @Test func partialUtf8IsDroppedOnFlush() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x61, 0xE6, 0x9D]) == [.text("a")])
        #expect(decoder.flush() == [])
        #expect(!decoder.isHoldingBytes)
        #expect(decoder.feed([0x62]) == [.text("b")])
    }

    // MARK: - Invalid and disallowed text

    @Test func strayContinuationBytesAreDropped() {
        #expect(decode([0x61, 0x80, 0xBF, 0x62]) == [.text("ab")])
    }

    @Test func overlongEncodingsAreDropped() {
        #expect(decode([0x61, 0xC0, 0xAF, 0xC1, 0x81, 0x62]) == [.text("ab")])
        #expect(decode([0x61, 0xE0, 0x80, 0xAF, 0x62]) == [.text("ab")])
        #expect(decode([0x61, 0xF0, 0x80, 0x80, 0xAF, 0x62]) == [.text("ab")])
    }

    @Test func surrogatesEncodedInUtf8AreDropped() {
        #expect(decode([0x61, 0xED, 0xA0, 0x80, 0xED, 0xBF, 0xBF, 0x62]) == [.text("ab")])
    }

    @Test func bytesF5ThroughFFAreDropped() {
        #expect(decode([0x61] + Array(0xF5...0xFF) + [0x62]) == [.text("ab")])
        #expect(decode([0xF4, 0x90, 0x80, 0x80]) == [])  // above U+10FFFF
    }

    @Test func leadByteFollowedByNonContinuationIsDroppedAndTheNextByteKept() {
        #expect(decode([0xC3, 0x41, 0xE6, 0x9D, 0x42, 0xF0, 0x9F, 0x91, 0x43]) == [.text("ABC")])
    }

    @Test func invalidUtf8IsDroppedAndTextAroundItKept() {
        let bytes: [UInt8] = Array("東".utf8) + [0xFF, 0x80] + Array("京".utf8) + [0xC0] + Array("!".utf8)
        #expect(decode(bytes) == [.text("東京!")])
    }

    @Test func c1ControlsAreDropped() {
        #expect(decode("a\u{80}\u{85}\u{9B}\u{9F}b") == [.text("ab")])
    }

    @Test func bidiControlsAndLineSeparatorsAreDropped() {
        let hostile = "a\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}\u{2028}\u{2029}b"
        #expect(decode(hostile) == [.text("ab")])
    }

    // MARK: - Control bytes

    @Test func tabByteIsTab() {
        #expect(decode([0x09]) == [.tab])
    }

    @Test func crAndLfAreEachEnter() {
        #expect(decode([0x0D]) == [.enter])
        #expect(decode([0x0A]) == [.enter])
    }

    @Test func crLfIsOneEnter() {
        #expect(decode("a\r\nb") == [.text("a"), .enter, .text("b")])
    }

    @Test func lfCrAndCrCrAreTwoEnters() {
        #expect(decode("\n\r") == [.enter, .enter])
        #expect(decode("\r\r") == [.enter, .enter])
    }

    @Test func backspaceAndDelBytesAreBackspace() {
        #expect(decode([0x08, 0x7F]) == [.backspace, .backspace])
    }

    @Test func otherCtrlLettersAreControlWithTheLowercaseLetter() {
        for byte in UInt8(0x01)...0x1A where ![0x08, 0x09, 0x0A, 0x0D].contains(byte) {
            let letter = Character(Unicode.Scalar(byte + 0x60))
            #expect(decode([byte]) == [.control(letter)], "byte \(byte)")
        }
        #expect(decode([0x01, 0x03, 0x15, 0x17]) == [.control("a"), .control("c"), .control("u"), .control("w")])
    }

    @Test func otherC0BytesAreDropped() {
        #expect(decode([0x61, 0x00, 0x1C, 0x1D, 0x1E, 0x1F, 0x62]) == [.text("ab")])
    }

    // MARK: - Cursor and editing keys

    @Test func arrowsInCsiForm() {
        #expect(decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
    }

    @Test func arrowsInSs3Form() {
        #expect(decode("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [.up, .down, .right, .left])
    }

    @Test func ctrlUpAndOtherModifiedArrowsMapToThePlainArrow() {
        #expect(decode("\u{1B}[1;5A") == [.up])
        #expect(decode("\u{1B}[1;2B\u{1B}[1;3C\u{1B}[1;8D") == [.down, .right, .left])
        #expect(decode("\u{1B}[a\u{1B}Od") == [.up, .left])  // rxvt Shift-Up, Ctrl-Left
    }

    @Test func homeAndEndInEveryForm() {
        #expect(decode("\u{1B}[H\u{1B}OH\u{1B}[1~\u{1B}[7~\u{1B}[1;5H") == [.home, .home, .home, .home, .home])
        #expect(decode("\u{1B}[F\u{1B}OF\u{1B}[4~\u{1B}[8~\u{1B}[1;5F") == [.end, .end, .end, .end, .end])
    }

    @Test func pageUpAndPageDown() {
        #expect(decode("\u{1B}[5~\u{1B}[6~\u{1B}[5;5~") == [.pageUp, .pageDown, .pageUp])
    }

    @Test func insertAndDelete() {
        #expect(decode("\u{1B}[2~\u{1B}[3~\u{1B}[3;2~") == [.insert, .delete, .delete])
    }

    @Test func rxvtModifiedKeysMapToThePlainKey() {
        #expect(decode("\u{1B}[7^\u{1B}[8$\u{1B}[2@\u{1B}[11^") == [.home, .end, .insert, .function(1)])
        #expect(decode("\u{1B}Oa\u{1B}[b") == [.up, .down])
    }

    @Test func backTab() {
        #expect(decode("\u{1B}[Z") == [.backTab])
    }

    // MARK: - Function keys

    @Test func functionKeysOneToFourInSs3Form() {
        #expect(decode("\u{1B}OP\u{1B}OQ\u{1B}OR\u{1B}OS") == (1...4).map { .function($0) })
    }

    @Test func functionKeysOneToTwelveInTildeForm() {
        let codes = [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24]
        let bytes = codes.map { "\u{1B}[\($0)~" }.joined()
        #expect(decode(bytes) == (1...12).map { .function($0) })
    }

    @Test func functionKeysOneToFiveInLinuxConsoleForm() {
        #expect(decode("\u{1B}[[A\u{1B}[[B\u{1B}[[C\u{1B}[[D\u{1B}[[E") == (1...5).map { .function($0) })
    }

    @Test func modifiedFunctionKeysMapToThePlainKey() {
        #expect(decode("\u{1B}[1;5P\u{1B}[1;2Q\u{1B}[1;3S") == [.function(1), .function(2), .function(4)])
        #expect(decode("\u{1B}[15;5~\u{1B}[24;2~") == [.function(5), .function(12)])
        #expect(decode("\u{1B}O5P\u{1B}O1;2S") == [.function(1), .function(4)])
    }

    // MARK: - Escape and Alt

    @Test func altDigitAndAltLetter() {
        #expect(decode("\u{1B}1\u{1B}x\u{1B}X") == [.alt("1"), .alt("x"), .alt("X")])
    }

    @Test func altWithMultibyteCharacter() {
        #expect(decode("\u{1B}é\u{1B}東") == [.alt("é"), .alt("東")])
    }

    @Test func escEscIsEscapeThenDecodingContinuesFromTheSecond() {
        #expect(decode("\u{1B}\u{1B}[A") == [.escape, .up])
        #expect(decode("\u{1B}\u{1B}x") == [.escape, .alt("x")])
    }

    @Test func escFollowedByAControlByteIsEscapeThenTheControl() {
        #expect(decode("\u{1B}\r") == [.escape, .enter])
        #expect(decode([0x1B, 0x03]) == [.escape, .control("c")])
        #expect(decode([0x1B, 0x7F]) == [.escape, .backspace])
    }

    @Test func escBracketOrEscOFollowedByAControlByteIsAltThenTheControl() {
        #expect(decode("\u{1B}[\r") == [.alt("["), .enter])
        #expect(decode("\u{1B}O\t") == [.alt("O"), .tab])
    }

    @Test func loneEscIsHeldThenFlushedAsEscape() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.isHoldingBytes)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isHoldingBytes)
        #expect(decoder.flush() == [])
    }

    @Test func heldEscFollowedByALetterInTheNextFeedIsAlt() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("ab\u{1B}".utf8)) == [.text("ab")])
        #expect(decoder.feed(Array("c".utf8)) == [.alt("c")])
    }

    @Test func heldEscBracketIsFlushedAsAltBracket() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[".utf8)) == [])
        #expect(decoder.isHoldingBytes)
        #expect(decoder.flush() == [.alt("[")])
    }

    @Test func heldEscOIsFlushedAsAltO() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}O".utf8)) == [])
        #expect(decoder.isHoldingBytes)
        #expect(decoder.flush() == [.alt("O")])
    }

    @Test func heldLongerPartialCsiIsFlushedToNothing() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[1;5".utf8)) == [])
        #expect(decoder.isHoldingBytes)
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Array("A".utf8)) == [.text("A")])
    }

    @Test func escFollowedByAPartialUtf8CharacterIsFlushedAsEscape() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B, 0xE6, 0x9D]) == [])
        #expect(decoder.isHoldingBytes)
        #expect(decoder.flush() == [.escape])
    }

    @Test func partialCsiAcrossFeedsCompletes() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}".utf8)) == [])
        #expect(decoder.feed(Array("[".utf8)) == [])
        #expect(decoder.feed(Array("1;".utf8)) == [])
        #expect(decoder.feed(Array("5".utf8)) == [])
        #expect(decoder.feed(Array("Ax".utf8)) == [.up, .text("x")])
        #expect(!decoder.isHoldingBytes)
    }

    // MARK: - Sequences that are not keys

    @Test func unknownCsiIsDropped() {
        #expect(decode("a\u{1B}[99~\u{1B}[5x\u{1B}[1;2$yb") == [.text("ab")])
    }

    @Test func unknownSs3IsDropped() {
        #expect(decode("a\u{1B}Oxb") == [.text("ab")])
    }

    @Test func focusEventsAreDropped() {
        #expect(decode("\u{1B}[I\u{1B}[O") == [])
    }

    // MARK: - Mouse (SGR, 1006)

    @Test func sgrPressAndReleaseAreClicksAtZeroBasedCells() {
        #expect(
            decode("\u{1B}[<0;12;34M\u{1B}[<0;12;34m") == [
                .mouse(MouseEvent(action: .press(.left), position: Position(row: 33, column: 11))),
                .mouse(MouseEvent(action: .release, position: Position(row: 33, column: 11))),
            ])
        #expect(
            decode("\u{1B}[<1;1;1M\u{1B}[<2;1;1M") == [
                .mouse(MouseEvent(action: .press(.middle), position: Position(row: 0, column: 0))),
                .mouse(MouseEvent(action: .press(.right), position: Position(row: 0, column: 0))),
            ])
    }

    @Test func sgrWheelAndDragAndModifiers() {
        #expect(
            decode("\u{1B}[<64;5;6M\u{1B}[<65;5;6M") == [
                .mouse(MouseEvent(action: .wheelUp, position: Position(row: 5, column: 4))),
                .mouse(MouseEvent(action: .wheelDown, position: Position(row: 5, column: 4))),
            ])
        #expect(decode("\u{1B}[<32;7;8M") == [.mouse(MouseEvent(action: .drag(.left), position: Position(row: 7, column: 6)))])
        #expect(
            decode("\u{1B}[<28;2;3M") == [  // 4 + 8 + 16: Shift, Alt and Ctrl with the left button
                .mouse(MouseEvent(action: .press(.left), position: Position(row: 2, column: 1), shift: true, alt: true, control: true))
            ])
        // Sideways wheels, motion with no button, and buttons 8 to 11 mean nothing here.
        #expect(decode("\u{1B}[<66;1;1M\u{1B}[<67;1;1M\u{1B}[<35;1;1M\u{1B}[<128;1;1M") == [])
    }

    @Test func sgrReportsReachAnyColumnAndRow() {
        // Past column 223, where the old X10 form ends, and the last cell of a 300x100 terminal.
        #expect(decode("\u{1B}[<0;224;1M") == [.mouse(MouseEvent(action: .press(.left), position: Position(row: 0, column: 223)))])
        #expect(decode("\u{1B}[<0;300;100M") == [.mouse(MouseEvent(action: .press(.left), position: Position(row: 99, column: 299)))])
    }

    @Test func sgrReportSplitAcrossFeedsDecodes() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[<0;1".utf8)) == [])
        #expect(
            decoder.feed(Array("2;3Mx".utf8)) == [
                .mouse(MouseEvent(action: .press(.left), position: Position(row: 2, column: 11))), .text("x"),
            ])
    }

    @Test func malformedMouseReportsAreDroppedAndWhatFollowsDecodes() {
        let malformed = [
            "\u{1B}[<0;12M", "\u{1B}[<0;12;34;5M", "\u{1B}[<;12;34M", "\u{1B}[<0;;34M", "\u{1B}[<0;0;0M",
            "\u{1B}[<0:1;2;3M", "\u{1B}[<0;1;1x", "\u{1B}[<99999999999999999999;1;1M",
        ]
        for report in malformed {
            #expect(decode(report + "q") == [.text("q")], "\(report.debugDescription)")
        }
        #expect(decode("\u{1B}[M !!") == [])  // X10: three raw bytes after `M`, never asked for
        #expect(decode("\u{1B}[32;12;34M") == [])  // urxvt
    }

    @Test func cursorPositionAndDeviceReportsAreDropped() {
        #expect(decode("\u{1B}[12;40R\u{1B}[1;5R\u{1B}[?62;22c") == [])
    }

    @Test func csiCutShortByAControlByteIsDroppedAndTheControlDecoded() {
        #expect(decode("\u{1B}[1;\r") == [.enter])
        #expect(decode("\u{1B}[1\u{1B}[A") == [.up])
    }

    @Test func x10MouseReportSplitAcrossFeedsIsDropped() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[M".utf8)) == [])
        #expect(decoder.isHoldingBytes)
        #expect(decoder.feed(Array(" a".utf8)) == [])
        #expect(decoder.feed(Array("bc".utf8)) == [.text("c")])
    }

    @Test func overlongCsiIsDroppedAndDecodingResumes() {
        let parameters = String(repeating: "1", count: 65)
        #expect(decode("\u{1B}[" + parameters + "xy") == [.text("xy")])
        var decoder = InputDecoder()
        #expect(decoder.feed(Array(("\u{1B}[" + String(repeating: "1", count: 64)).utf8)) == [])
        #expect(decoder.isHoldingBytes)
        #expect(decoder.feed(Array("1z".utf8)) == [.text("z")])
    }

    // MARK: - Bracketed paste

    @Test func bracketedPasteInOneFeedIsOnePaste() {
        #expect(decode("a\u{1B}[200~hello 東京\u{1B}[201~b") == [.text("a"), .paste("hello 東京"), .text("b")])
    }

    @Test func pasteLineBreaksAndTabsBecomeOneSpaceEach() {
        #expect(decode("\u{1B}[200~a\r\nb\rc\nd\te\n\n\u{1B}[201~") == [.paste("a b c d e  ")])
    }

    @Test func pasteDropsControlsBidiAndInvalidUtf8() {
        let body: [UInt8] = Array("a\u{1B}[31m\u{7}\u{0}\u{7F}\u{85}\u{202E}b".utf8) + [0xFF, 0xC0, 0x63]
        let bytes = Array("\u{1B}[200~".utf8) + body + Array("\u{1B}[201~".utf8)
        #expect(decode(bytes) == [.paste("a[31mbc")])
    }

    @Test func bracketedPasteAcrossManyFeedsIsOnePaste() {
        var decoder = InputDecoder()
        let bytes = Array("\u{1B}[200~line 1\r\nline 2\u{3}\tend\u{1B}[201~x".utf8)
        var keys: [Key] = []
        for byte in bytes { keys += decoder.feed([byte]) }
        #expect(keys == [.paste("line 1 line 2 end"), .text("x")])
    }

    @Test func pasteEndMarkerLookalikesStayInThePaste() {
        #expect(decode("\u{1B}[200~a\u{1B}[20b\u{1B}[201x\u{1B}\u{1B}[201~") == [.paste("a[20b[201x")])
    }

    @Test func pasteMarkersSplitAcrossFeedsAreRecognised() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[20".utf8)) == [])
        #expect(decoder.feed(Array("0~abc\u{1B}[2".utf8)) == [])
        #expect(decoder.feed(Array("01~".utf8)) == [.paste("abc")])
    }

    @Test func emptyPasteIsAnEmptyPaste() {
        #expect(decode("\u{1B}[200~\u{1B}[201~") == [.paste("")])
    }

    @Test func flushLeavesAnUnfinishedPasteOpen() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~abc".utf8)) == [])
        #expect(!decoder.isHoldingBytes)
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Array("def\u{1B}[201~".utf8)) == [.paste("abcdef")])
    }

    @Test func aPasteWithNoEndIsClosedWhenItsPatienceRunsOut() {
        var decoder = InputDecoder()
        #expect(decoder.patience == nil)
        #expect(decoder.feed(Array("\u{1B}[200~abc\u{1B}[20".utf8)) == [])
        #expect(decoder.patience == InputDecoder.pasteTimeout)
        #expect(InputDecoder.pasteTimeout == .milliseconds(500))
        // No byte came within the patience: what came is the paste, and keys work again.
        #expect(decoder.timeOut() == [.paste("abc[20")])
        #expect(decoder.patience == nil)
        #expect(decoder.feed(Array("?\t".utf8)) == [.text("?"), .tab])
    }

    @Test func aLoneEscWaitsTheEscapeDelayThenCountsAsEsc() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.patience == InputDecoder.escapeDelay)
        #expect(decoder.timeOut() == [.escape])
    }

    @Test func pasteKeysAreNotDecodedUntilItEnds() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~\u{3}\u{1B}[A".utf8)) == [])
        #expect(!decoder.isHoldingBytes)
        #expect(decoder.feed(Array("\u{1B}[201~".utf8)) == [.paste("[A")])
    }

    @Test func hundredKilobytePasteArrivesWholeAsOnePaste() {
        let line = "The quick brown fox 東京 👩‍💻\n"
        let body = String(repeating: line, count: 100_000 / line.utf8.count + 1)
        let bytes = Array(("\u{1B}[200~" + body + "\u{1B}[201~").utf8)
        var decoder = InputDecoder()
        var keys: [Key] = []
        let elapsed = ContinuousClock().measure {
            for start in stride(from: 0, to: bytes.count, by: 4_096) {
                keys += decoder.feed(bytes[start..<min(start + 4_096, bytes.count)])
            }
        }
        let expected = String(repeating: "The quick brown fox 東京 👩‍💻 ", count: 100_000 / line.utf8.count + 1)
        #expect(keys == [.paste(expected)])
        #expect(elapsed < .seconds(10), "decoding grew worse than linear")  // speed itself: make bench, not make test
    }

    // MARK: - Hostile input

    @Test func randomBytesNeverYieldControlOrBidiCharactersInTextOrPaste() {
        var random = SplitMix64(seed: 0x5EED)
        let bytes = randomInput(count: 1 << 20, using: &random)
        var decoder = InputDecoder()
        var keys: [Key] = []
        let elapsed = ContinuousClock().measure {
            var start = 0
            while start < bytes.count {
                let end = min(start + 1 + Int(random.next() % 8_192), bytes.count)
                keys += decoder.feed(bytes[start..<end])
                start = end
            }
            keys += decoder.flush()
        }
        for key in keys {
            switch key {
            case .text(let text):
                #expect(!text.isEmpty)
                #expect(!text.unicodeScalars.contains(where: isForbidden), "\(Array(text.unicodeScalars))")
            case .paste(let text):
                #expect(!text.unicodeScalars.contains(where: isForbidden), "\(Array(text.unicodeScalars))")
            default:
                break
            }
        }
        #expect(keys.count > 1_000)
        #expect(elapsed < .seconds(30), "decoding grew worse than linear")  // speed itself: make bench, not make test
    }

    @Test func howBytesAreSplitAcrossFeedsDoesNotChangeTheKeys() {
        var random = SplitMix64(seed: 42)
        let bytes = randomInput(count: 1 << 16, using: &random)
        var whole = InputDecoder()
        let expected = merged(whole.feed(bytes) + whole.flush())
        var pieces = InputDecoder()
        var keys: [Key] = []
        var start = 0
        while start < bytes.count {
            let end = min(start + 1 + Int(random.next() % 16), bytes.count)
            keys += pieces.feed(bytes[start..<end])
            start = end
        }
        keys += pieces.flush()
        #expect(merged(keys) == expected)
    }
}

// MARK: - Helpers

/// Decodes `bytes` in one feed, then flushes.
private func decode(_ bytes: [UInt8]) -> [Key] {
    var decoder = InputDecoder()
    return decoder.feed(bytes) + decoder.flush()
}

/// Decodes the UTF-8 bytes of `text` in one feed, then flushes.
private func decode(_ text: String) -> [Key] {
    decode(Array(text.utf8))
}

/// Whether `scalar` must never reach the screen as typed or pasted text.
private func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069: true
    default: false
    }
}

/// `keys` with neighbouring text runs joined and enters left out, so splits at feed boundaries
/// (a text run cut in two, a CR and LF in different feeds) compare equal.
private func merged(_ keys: [Key]) -> [Key] {
    var result: [Key] = []
    for key in keys where key != .enter {
        if case .text(let text) = key, case .text(let previous)? = result.last {
            result[result.count - 1] = .text(previous + text)
        } else {
            result.append(key)
        }
    }
    return result
}

/// Random bytes, half of them drawn from escape sequence, paste marker and UTF-8 fragments.
private func randomInput(count: Int, using random: inout SplitMix64) -> [UInt8] {
    let fragments: [[UInt8]] = [
        [0x1B], [0x1B, 0x5B], [0x1B, 0x4F], [0x5B], [0x3B], [0x31], [0x35], [0x7E], [0x41], [0x0D], [0x0A],
        Array("\u{1B}[200~".utf8), Array("\u{1B}[201~".utf8), Array("\u{1B}[<0;1;2M".utf8),
        Array("\u{202E}".utf8), Array("\u{2066}".utf8), Array("\u{85}".utf8), Array("東".utf8), Array("👍🏽".utf8),
    ]
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count + 16)
    while bytes.count < count {
        let value = random.next()
        if value & 1 == 0 {
            bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        } else {
            bytes += fragments[Int((value >> 8) % UInt64(fragments.count))]
        }
    }
    return bytes
}
