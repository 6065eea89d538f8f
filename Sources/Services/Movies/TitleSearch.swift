import Foundation

/// Finds films by the words of their titles, in any order, and ranks them as people expect.
///
/// **Matching.** Titles and queries are folded the same way: lower case, without diacritics
/// ("Amélie" is found by "amelie"), runs of white space as one space, none at either end. Titles
/// are folded once, at load. A word is a run of letters and digits (any non-ASCII character counts
/// as a letter); everything else separates words. A title matches when every word of the query
/// starts a different word of the title, in any order: "lord rings" finds The Lord of the Rings,
/// "godfather ii" The Godfather: Part II, "wars star" Star Wars. A query without a word ("$", "-")
/// finds nothing.
///
/// **Ranking**, each rule deciding only between titles the ones before it leave equal:
/// 1. the exact title: its words are the query's words, in order ("star wars" → Star Wars);
/// 2. the query's words in the title's order ("lord rings" before "Rings of the Lord");
/// 3. a title that starts with the query: its first words start with the query's words in turn;
/// 4. fewer other words in the title than the query's;
/// 5. the higher rating, then more votes, then the catalogue's order.
///
/// **Why a scan.** The 58,788 titles fold to 0.96 MB, and one pass over them is simple and needs
/// no index built at load. What keeps it near 1 ms a query (Docs/Performance.md has the figures):
/// - the folded titles sit in one contiguous byte array;
/// - each title has a 32-bit mask of the letters and digits it holds and one of the letters that
///   start its words: a title lacking a query word's letters or first letter is skipped with two
///   ANDs, without reading its bytes ("zzzz" reads almost none);
/// - each match is ranked by one 64-bit key, its rules in its bits from the highest down, so one
///   sort of integers orders them all;
/// - a query that fits no title (more words than the wordiest, a word longer than the longest) is
///   answered at once, so a pasted 5,000-character query costs only its folding.
///
/// Every match is ranked, so any page of them can be served: page 3 of "love" is ranks 201–300.
struct TitleSearch: Sendable {
    /// A title's place in `folded`, its masks and its ranking facts; one more entry marks the end
    /// of the last title.
    private struct Entry {
        let start: UInt32
        /// The letters and digits the title holds.
        let mask: UInt32
        /// The letters and digits that start a word of the title.
        let initials: UInt32
        /// How many words the title has (at most 255 counted).
        let words: UInt8
        /// 100 minus the rating in tenths (0–90), so that a smaller number ranks first.
        let ratingRank: UInt8
    }

    private let folded: [UInt8]
    private let entries: [Entry]
    /// The film index of each title, in scan order (most votes first).
    private let order: [UInt32]
    private let mostWords: Int
    private let longestWord: Int

    /// Folds the titles `titleBytes[starts[i]..<starts[i + 1]]`, taking the films in `order`;
    /// `ratings[i]` is film `i`'s rating in tenths (10–100).
    init(titleBytes: [UInt8], starts: [UInt32], ratings: [UInt8], order: [UInt32]) {
        var folded: [UInt8] = []
        folded.reserveCapacity(titleBytes.count)
        var entries: [Entry] = []
        entries.reserveCapacity(order.count + 1)
        var mostWords = 0
        var longestWord = 0
        titleBytes.withUnsafeBufferPointer { titles in
            for index in order {
                let begin = folded.count
                let title = titles[Int(starts[Int(index)])..<Int(starts[Int(index) + 1])]
                TitleFolding.append(foldedFrom: UnsafeBufferPointer(rebasing: title), to: &folded)
                let facts = TitleFolding.facts(folded[begin...])
                let rating = min(max(Int(ratings[Int(index)]), 0), 100)
                entries.append(
                    Entry(
                        start: UInt32(begin), mask: facts.mask, initials: facts.initials,
                        words: UInt8(min(facts.words, 255)), ratingRank: UInt8(100 - rating)))
                mostWords = max(mostWords, facts.words)
                longestWord = max(longestWord, facts.longestWord)
            }
        }
        entries.append(Entry(start: UInt32(folded.count), mask: 0, initials: 0, words: 0, ratingRank: 0))
        self.folded = folded
        self.entries = entries
        self.order = order
        self.mostWords = mostWords
        self.longestWord = longestWord
    }

    // MARK: - Searching

    /// The film indices of the matches of `query` ranked `ranks` (from 0, best first), and how many
    /// match in all.
    func search(_ query: TitleQuery, ranks: Range<Int>) -> (indices: [UInt32], total: Int) {
        let keys = rankedKeys(query)
        let shown = keys[min(ranks.lowerBound, keys.count)..<min(ranks.upperBound, keys.count)]
        return (shown.map { order[Int($0 & Key.positionMask)] }, keys.count)
    }

    /// Every match's key, best first.
    private func rankedKeys(_ query: TitleQuery) -> [UInt64] {
        guard !query.words.isEmpty, query.words.count <= mostWords,
            query.words.allSatisfy({ $0.count <= longestWord })
        else { return [] }
        var keys: [UInt64] = []
        let matcher = Matcher(query: query)
        query.literal.withUnsafeBufferPointer { literal in
            folded.withUnsafeBufferPointer { folded in
                entries.withUnsafeBufferPointer { entries in
                    withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: Matcher.wordsRead) { titleWords in
                        for position in 0..<(entries.count - 1) {
                            let entry = entries[position]
                            guard entry.mask & query.mask == query.mask, entry.initials & query.initials == query.initials,
                                Int(entry.words) >= query.words.count
                            else { continue }
                            let title = folded.extracting(Int(entry.start)..<Int(entries[position + 1].start))
                            let count = Matcher.words(of: title, into: titleWords)
                            guard let rank = matcher.rank(literal, title, UnsafeMutableBufferPointer(rebasing: titleWords[0..<count]))
                            else { continue }
                            keys.append(
                                Key.make(
                                    rank, otherWords: Int(entry.words) - query.words.count, ratingRank: entry.ratingRank,
                                    position: position))
                        }
                    }
                }
            }
        }
        keys.sort()
        return keys
    }
}

// MARK: - Ranking

/// A match's rank as one number, smaller first: the rules' bits from the highest down (not the
/// exact title, not in order, not starting the title, other words, 100 minus the rating), then
/// the title's place by votes in the lowest 24 bits.
private enum Key {
    static let positionMask: UInt64 = (1 << 24) - 1

    static func make(_ rank: Matcher.Rank, otherWords: Int, ratingRank: UInt8, position: Int) -> UInt64 {
        (rank.exact ? 0 : 1 << 42) | (rank.inOrder ? 0 : 1 << 41) | (rank.startsTitle ? 0 : 1 << 40)
            | UInt64(min(max(otherWords, 0), 255)) << 32 | UInt64(ratingRank) << 24 | UInt64(position) & positionMask
    }
}

/// One folded query, matched against the words of folded titles.
private struct Matcher {
    /// How a title matches.
    struct Rank {
        /// The title's words are the query's.
        let exact: Bool
        /// The query's words start title words in the query's order.
        let inOrder: Bool
        /// The query's words start the title's first words, one after the other.
        let startsTitle: Bool
    }

    /// How many words of a title are read; a longer title's later words are not matched.
    static let wordsRead = 64

    private let words: [Range<Int>]
    /// The query's words by length, longest first: the order in which any-order matching gives
    /// each a title word of its own.
    private let longestFirst: [Range<Int>]

    init(query: TitleQuery) {
        words = query.words
        longestFirst = query.words.sorted { $0.count > $1.count }
    }

    /// Writes where the words of `title` are into `buffer`, up to its size, and returns how many.
    @inline(__always)
    static func words(of title: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<Range<Int>>) -> Int {
        var count = 0
        var position = 0
        while count < buffer.count {
            while position < title.count, !TitleFolding.isWordByte(title[position]) { position += 1 }
            guard position < title.count else { break }
            let start = position
            while position < title.count, TitleFolding.isWordByte(title[position]) { position += 1 }
            buffer[count] = start..<position
            count += 1
        }
        return count
    }

    /// How `title`, whose words are `titleWords`, matches the query in `literal`, or nil when
    /// some query word starts none of its words left to it.
    ///
    /// In order first: each query word takes the first title word after the last one taken that
    /// it starts, which finds an ordered match whenever there is one. Else in any order: the
    /// longest query word first takes any title word it starts; a shorter word that starts
    /// the same title words starts every word the longer one could take, so the choice never
    /// costs a match.
    @inline(__always)
    func rank(
        _ literal: UnsafeBufferPointer<UInt8>, _ title: UnsafeBufferPointer<UInt8>,
        _ titleWords: UnsafeMutableBufferPointer<Range<Int>>
    ) -> Rank? {
        var next = 0
        var startsTitle = true
        var inOrder = true
        for (number, word) in words.enumerated() {
            var index = next
            while index < titleWords.count, !Self.starts(titleWords[index], with: word, title, literal) { index += 1 }
            guard index < titleWords.count else {
                inOrder = false
                break
            }
            if index != number { startsTitle = false }
            next = index + 1
        }
        if inOrder {
            let exact =
                startsTitle && titleWords.count == words.count
                && zip(words, titleWords).allSatisfy { $0.count == $1.count }
            return Rank(exact: exact, inOrder: true, startsTitle: startsTitle)
        }
        var taken: UInt64 = 0
        for word in longestFirst {
            var index = 0
            while index < titleWords.count,
                taken & (1 << UInt64(index)) != 0 || !Self.starts(titleWords[index], with: word, title, literal)
            {
                index += 1
            }
            guard index < titleWords.count else { return nil }
            taken |= 1 << UInt64(index)
        }
        return Rank(exact: false, inOrder: false, startsTitle: false)
    }

    /// Whether the title word at `titleWord` starts with the query word at `word`.
    @inline(__always)
    private static func starts(
        _ titleWord: Range<Int>, with word: Range<Int>, _ title: UnsafeBufferPointer<UInt8>,
        _ literal: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard titleWord.count >= word.count else { return false }
        var offset = 0
        while offset < word.count {
            if title[titleWord.lowerBound + offset] != literal[word.lowerBound + offset] { return false }
            offset += 1
        }
        return true
    }
}

// MARK: - Query

/// A query folded as titles are, with its words and the letters a matching title must hold.
struct TitleQuery {
    /// The folded query.
    let literal: [UInt8]
    /// The query's words, as ranges of `literal`.
    let words: [Range<Int>]
    /// The mask bits of the letters and digits every matching title holds.
    let mask: UInt32
    /// The mask bits of the letters and digits that start words of every matching title.
    let initials: UInt32

    /// Whether there is nothing to search for.
    var isEmpty: Bool { words.isEmpty }

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
        let facts = TitleFolding.facts(literal[...])
        mask = facts.mask
        initials = facts.initials
    }
}
