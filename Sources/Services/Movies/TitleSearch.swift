import Foundation

/// Finds films by title: a scan over every folded title, ranked as people expect.
///
/// **Matching.** Titles and queries are folded the same way: lower case, without diacritics
/// ("Amélie" is found by "amelie"), runs of white space as one space, none at either end. Titles
/// are folded once, at load. A word is a run of letters and digits (any non-ASCII character counts
/// as a letter); everything else separates words. A title matches in the first of these tiers
/// that holds, and results come tier by tier, most votes first within a tier:
///
/// 1. exact: the title is the query ("star wars" → Star Wars);
/// 2. prefix: the title starts with the query ("star wars" → Star Wars: Episode I…);
/// 3. word prefix: the query's words start consecutive words of the title, whatever separates
///    them ("wars episode" → Star Wars: Episode V…; "sta wa" → Star Wars; but "lord ri" does
///    not find The Lord of the Rings, whose "lord" and "rings" are not consecutive);
/// 4. substring: the title contains the query anywhere ("ars" → Star Wars).
///
/// **Why a scan.** The 58,788 titles fold to 0.96 MB, and one pass over them is simple, needs no
/// index built at load, and serves the substring tier, which no prefix index can. What keeps it
/// under 1 ms a query (Docs/Data.md has the figures):
/// - the folded titles sit in one contiguous byte array, most votes first, so each tier's matches
///   come out already in order: no sort; the first `limit` of each tier are kept, the rest counted;
/// - each title has a 32-bit mask of the letters and digits it holds: a title lacking a letter of
///   the query is skipped with one AND, without reading its bytes ("zzzz" reads almost none);
/// - a second mask holds the letters that start its words, so a one-letter query (the first
///   keystroke, which matches over half the titles) is ranked from the masks and the first byte;
/// - within a title, `memchr` finds the query's first byte;
/// - a query that fits no title (longer than the longest, more words than the wordiest) is answered
///   at once, so a pasted 5,000-character query costs only its folding.
///
/// The cost grows with the number of titles, and faster once the arrays no longer fit the CPU
/// caches: over the catalogue repeated 10 times, a query took 3–7 ms instead of 0.2–0.9 ms.
struct TitleSearch: Sendable {
    /// A title's place in `folded` and its masks; one more entry marks the end of the last title.
    private struct Entry {
        let start: UInt32
        /// The letters and digits the title holds.
        let mask: UInt32
        /// The letters and digits that start a word of the title.
        let initials: UInt32
    }

    private let folded: [UInt8]
    private let entries: [Entry]
    /// The film index of each title, in scan order.
    private let order: [UInt32]
    private let longestTitle: Int
    private let mostWords: Int

    /// Folds the titles `titleBytes[starts[i]..<starts[i + 1]]`, taking the films in `order`.
    init(titleBytes: [UInt8], starts: [UInt32], order: [UInt32]) {
        var folded: [UInt8] = []
        folded.reserveCapacity(titleBytes.count)
        var entries: [Entry] = []
        entries.reserveCapacity(order.count + 1)
        var longestTitle = 0
        var mostWords = 0
        titleBytes.withUnsafeBufferPointer { titles in
            for index in order {
                let begin = folded.count
                let title = titles[Int(starts[Int(index)])..<Int(starts[Int(index) + 1])]
                TitleFolding.append(foldedFrom: UnsafeBufferPointer(rebasing: title), to: &folded)
                let (mask, initials, words) = TitleFolding.masksAndWordCount(folded[begin...])
                entries.append(Entry(start: UInt32(begin), mask: mask, initials: initials))
                longestTitle = max(longestTitle, folded.count - begin)
                mostWords = max(mostWords, words)
            }
        }
        entries.append(Entry(start: UInt32(folded.count), mask: 0, initials: 0))
        self.folded = folded
        self.entries = entries
        self.order = order
        self.longestTitle = longestTitle
        self.mostWords = mostWords
    }

    // MARK: - Searching

    /// The film indices of the first `limit` matches of `query`, best first, and how many match.
    func search(_ query: TitleQuery, limit: Int) -> (indices: [UInt32], total: Int) {
        let literalFits = !query.literal.isEmpty && query.literal.count <= longestTitle
        let wordsFit = !query.words.isEmpty && query.words.count <= mostWords && query.wordSpan <= longestTitle
        guard literalFits || wordsFit else { return ([], 0) }

        var tiers = [[UInt32]](repeating: [], count: Tier.allCases.count)
        var total = 0
        let need = query.mask
        query.literal.withUnsafeBufferPointer { literal in
            let matcher = Matcher(literal: literal, words: query.words, literalFits: literalFits, wordsFit: wordsFit)
            folded.withUnsafeBufferPointer { folded in
                entries.withUnsafeBufferPointer { entries in
                    for position in 0..<(entries.count - 1) where entries[position].mask & need == need {
                        let title = folded.extracting(Int(entries[position].start)..<Int(entries[position + 1].start))
                        let tier =
                            matcher.isOneLetter
                            ? matcher.tier(ofOneLetterIn: title, initials: entries[position].initials)
                            : matcher.tier(of: title)
                        guard let tier else { continue }
                        total += 1
                        if tiers[tier.rawValue].count < limit { tiers[tier.rawValue].append(order[position]) }
                    }
                }
            }
        }
        return (Array(tiers.joined().prefix(limit)), total)
    }
}

// MARK: - Ranking

/// How well a title matches, best first.
private enum Tier: Int, CaseIterable {
    case exact, prefix, wordPrefix, substring
}

/// One folded query, matched against folded titles.
private struct Matcher {
    let literal: UnsafeBufferPointer<UInt8>
    let words: [Range<Int>]
    /// Whether the query could be in a title at all (it is not longer than the longest).
    let literalFits: Bool
    /// Whether the query's words could start a title's words (not too many, not too long).
    let wordsFit: Bool
    /// Whether the query has a word at all; punctuation alone is only ever a substring.
    let hasWords: Bool
    /// Whether the query is one word and nothing else, so a word prefix is the query after a non-word byte.
    let literalIsOneWord: Bool
    /// Whether the query is a single letter a–z, which the title's masks alone can rank.
    let isOneLetter: Bool

    init(literal: UnsafeBufferPointer<UInt8>, words: [Range<Int>], literalFits: Bool, wordsFit: Bool) {
        self.literal = literal
        self.words = words
        self.literalFits = literalFits
        self.wordsFit = wordsFit
        hasWords = !words.isEmpty
        literalIsOneWord = words == [literal.indices]
        isOneLetter = literal.count == 1 && literal[0] >= 0x61 && literal[0] <= 0x7A
    }

    /// The tier of a title that holds the one-letter query (its mask says so), without reading
    /// more than its first byte: the first keystroke of a search matches half the catalogue.
    @inline(__always)
    func tier(ofOneLetterIn title: UnsafeBufferPointer<UInt8>, initials: UInt32) -> Tier {
        if title[0] == literal[0] { return title.count == 1 ? .exact : .prefix }
        return initials & TitleFolding.maskBit(literal[0]) != 0 ? .wordPrefix : .substring
    }

    /// The best tier `title` matches in, or nil when it does not match.
    ///
    /// One pass finds the query in the title: at 0 it is exact or a prefix, after a non-word byte
    /// it is a word prefix (if it has words, they then start consecutive title words), elsewhere a
    /// substring. Only a query with several words or with punctuation needs the walk over the
    /// title's words too ("sta wa" starts the words of "star wars" but is not in it).
    @inline(__always)
    func tier(of title: UnsafeBufferPointer<UInt8>) -> Tier? {
        var contains = false
        if literalFits, literal.count <= title.count {
            if bytesMatch(title, at: 0, literal.indices) {
                return title.count == literal.count ? .exact : .prefix
            }
            var offset = 1
            while let found = Self.index(of: literal[0], in: title, from: offset, through: title.count - literal.count) {
                if bytesMatch(title, at: found, literal.indices) {
                    if hasWords, !TitleFolding.isWordByte(title[found - 1]) { return .wordPrefix }
                    contains = true
                }
                offset = found + 1
            }
            if literalIsOneWord { return contains ? .substring : nil }
        }
        if wordsFit, wordsStartConsecutiveWords(of: title) { return .wordPrefix }
        return contains ? .substring : nil
    }

    /// The first offset from `start` through `last` where `title` holds `byte`, found by `memchr`
    /// (which compares many bytes per instruction).
    @inline(__always)
    private static func index(of byte: UInt8, in title: UnsafeBufferPointer<UInt8>, from start: Int, through last: Int) -> Int? {
        guard start <= last, let base = title.baseAddress,
            let found = memchr(base + start, Int32(byte), last - start + 1)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether `literal[range]` is in `title` at `offset`.
    @inline(__always)
    private func bytesMatch(_ title: UnsafeBufferPointer<UInt8>, at offset: Int, _ range: Range<Int>) -> Bool {
        guard title.count - offset >= range.count else { return false }
        var i = 0
        while i < range.count {
            if title[offset + i] != literal[range.lowerBound + i] { return false }
            i += 1
        }
        return true
    }

    /// Whether, from some word of `title` on, each query word starts the next title word.
    private func wordsStartConsecutiveWords(of title: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = words.first.map({ literal[$0.lowerBound] }) else { return false }
        var start = Self.nextWord(in: title, from: 0)
        while start < title.count {
            if title[start] == first, wordsMatch(title, from: start) { return true }
            start = Self.nextWord(in: title, from: Self.endOfWord(in: title, from: start))
        }
        return false
    }

    private func wordsMatch(_ title: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var position = start
        for (number, word) in words.enumerated() {
            guard position < title.count, bytesMatch(title, at: position, word) else { return false }
            if number == words.count - 1 { return true }
            position = Self.nextWord(in: title, from: Self.endOfWord(in: title, from: position))
        }
        return false
    }

    private static func nextWord(in title: UnsafeBufferPointer<UInt8>, from position: Int) -> Int {
        var position = position
        while position < title.count, !TitleFolding.isWordByte(title[position]) { position += 1 }
        return position
    }

    private static func endOfWord(in title: UnsafeBufferPointer<UInt8>, from position: Int) -> Int {
        var position = position
        while position < title.count, TitleFolding.isWordByte(title[position]) { position += 1 }
        return position
    }
}

// MARK: - Query

/// A query folded as titles are, with its words and the letters a matching title must hold.
struct TitleQuery {
    /// The folded query.
    let literal: [UInt8]
    /// The query's words, as ranges of `literal`.
    let words: [Range<Int>]
    /// The fewest bytes a title needs to hold the words: their lengths and a separator between each two.
    let wordSpan: Int
    /// The mask bits every matching title has.
    let mask: UInt32

    /// Whether there is nothing to search for.
    var isEmpty: Bool { literal.isEmpty }

    /// Folds `query`.
    init(_ query: String) {
        var literal: [UInt8] = []
        var text = query
        text.withUTF8 { TitleFolding.append(foldedFrom: $0, to: &literal) }
        var words: [Range<Int>] = []
        var start: Int?
        for (index, byte) in literal.enumerated() {
            if TitleFolding.isWordByte(byte) {
                if start == nil { start = index }
            } else if let begin = start {
                words.append(begin..<index)
                start = nil
            }
        }
        if let begin = start { words.append(begin..<literal.count) }
        self.literal = literal
        self.words = words
        wordSpan = words.reduce(0) { $0 + $1.count } + max(0, words.count - 1)
        mask =
            words.isEmpty
            ? TitleFolding.masksAndWordCount(literal[...]).mask
            : words.reduce(0) { $0 | TitleFolding.masksAndWordCount(literal[$1]).mask }
    }
}

// MARK: - Folding

/// The one way titles and queries are folded, so that they compare byte by byte.
enum TitleFolding {
    /// Appends `utf8` folded to `output`: lower case, no diacritics, single spaces, trimmed.
    static func append(foldedFrom utf8: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        if utf8.allSatisfy({ $0 < 0x80 }) {
            appendCollapsingSpaces(utf8.lazy.map(lowercased), to: &output)
        } else {
            let text = String(decoding: utf8, as: UTF8.self)
                .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            let spaced = text.unicodeScalars.lazy.flatMap { scalar in
                scalar.properties.isWhitespace ? [UInt8(ascii: " ")] : Array(String(scalar).utf8)
            }
            appendCollapsingSpaces(spaced, to: &output)
        }
    }

    /// Whether `byte` belongs to a word: an ASCII letter or digit, or part of a non-ASCII character.
    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte >= 0x80
    }

    /// The letters and digits a folded text holds and those that start its words, as mask bits,
    /// and how many words it has.
    static func masksAndWordCount(_ text: ArraySlice<UInt8>) -> (mask: UInt32, initials: UInt32, words: Int) {
        var mask: UInt32 = 0
        var initials: UInt32 = 0
        var words = 0
        var inWord = false
        for byte in text {
            mask |= maskBit(byte)
            let isWord = isWordByte(byte)
            if isWord, !inWord {
                words += 1
                initials |= maskBit(byte)
            }
            inWord = isWord
        }
        return (mask, initials, words)
    }

    /// a–z are bits 0–25, digits share bits 26–30, any non-ASCII byte is bit 31.
    @inline(__always)
    static func maskBit(_ byte: UInt8) -> UInt32 {
        switch byte {
        case 0x61...0x7A: 1 << UInt32(byte - 0x61)
        case 0x30...0x39: 1 << (26 + UInt32(byte - 0x30) % 5)
        case 0x80...: 1 << 31
        default: 0
        }
    }

    @inline(__always)
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    private static func appendCollapsingSpaces(_ bytes: some Sequence<UInt8>, to output: inout [UInt8]) {
        let start = output.count
        var spacePending = false
        for byte in bytes {
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                spacePending = output.count > start
            } else {
                if spacePending { output.append(0x20) }
                spacePending = false
                output.append(byte)
            }
        }
    }
}
