import Foundation

/// How a sync reads what changed on the server: in batches, each asked for in requests of
/// `requestSize`, compared with what the store knows.
extension PeopleSync {
    /// How many cards one request asks for, when the listing did not carry them.
    static let requestSize = 250

    /// How many cards a batch after the first takes when `count` are taken in all: `requestSize`,
    /// or an eighth of all when that is more (see `batches(of:)`). `people --import` takes a
    /// file's cards in batches of this size too.
    public static func batchSize(of count: Int) -> Int {
        max(requestSize, (count + 7) / 8)
    }

    /// The batches `hrefs` are read in, each taken into the store in one transaction (and asked
    /// for, when the listing did not carry its cards, in requests of `requestSize`). The first
    /// holds one request's cards, so that the first people show soon; the others as many, or an
    /// eighth of all when that is more. Once a book holds thousands of people, a transaction of a
    /// few hundred rewrites most pages of the store's indexes, so a sync in batches of a fixed
    /// size cost more a card the larger the book; in about eight, each page is written a few
    /// times whatever the size.
    static func batches(of hrefs: [String]) -> [ArraySlice<String>] {
        let size = batchSize(of: hrefs.count)
        var batches: [ArraySlice<String>] = []
        var start = 0
        while start < hrefs.count {
            let end = min(start + (batches.isEmpty ? requestSize : size), hrefs.count)
            batches.append(hrefs[start..<end])
            start = end
        }
        return batches
    }

    /// What the server's `changes` mean to a store in `state`: the hrefs of the cards removed from
    /// the server, of those to read (new, or at another version), of those sent whose place the
    /// listing confirms, and the cards the listing carried.
    static func compare(_ changes: PeopleChanges, with state: ServerState)
        -> (removed: [String], wanted: [String], confirmed: [String], carried: [String: ServerCard])
    {
        var removed = changes.removed
        if changes.isComplete {
            let listed = Set(changes.changed.map(\.href))
            // A full listing may also name removed cards (Radicale does): each is counted once.
            let named = Set(removed)
            removed += state.versions.keys.filter { !listed.contains($0) && !named.contains($0) }.sorted()
        }
        let wanted = changes.changed.filter { version in
            guard let known = state.versions[version.href] else { return true }
            return known == nil || known != version.etag
        }.map(\.href)
        let confirmed = state.unconfirmed.isEmpty ? [] : changes.changed.map(\.href).filter(state.unconfirmed.contains)
        let carried = Dictionary(changes.cards.map { ($0.href, $0) }, uniquingKeysWith: { _, last in last })
        return (removed, wanted, confirmed, carried)
    }

    /// A batch of cards read from the server, and the hrefs of those too large to be read.
    struct Batch: Sendable {
        var cards: [ServerCard] = []
        var unreadable: [String] = []
    }

    /// The cards at `hrefs`: those the listing carried, and the others asked for `requestSize` at
    /// a time, or, when an answer would be too large (cards with photos), in two halves, and so on
    /// down to one card, which is reported as unreadable and left on the server.
    static func read(_ hrefs: ArraySlice<String>, carried: [String: ServerCard], from api: any PeopleAPI) async throws -> Batch {
        var batch = Batch()
        var asked: [String] = []
        for href in hrefs {
            if let card = carried[href] { batch.cards.append(card) } else { asked.append(href) }
        }
        // One request a group, `requestsInFlight` at a time; the answers kept in the groups' order.
        let groups = stride(from: 0, to: asked.count, by: requestSize).map { Array(asked[$0..<min($0 + requestSize, asked.count)]) }
        var answers: [[ServerCard]?] = Array(repeating: nil, count: groups.count)
        try await api.cards(inGroups: groups) { index, result in
            switch result {
            case .success(let cards): answers[index] = cards
            case .failure(.tooLarge): break
            case .failure(let failure): throw failure
            }
        }
        for (group, cards) in zip(groups, answers) {
            if let cards {
                batch.cards += cards
            } else if group.count == 1 {
                batch.unreadable += group
            } else {
                // Too large in one answer (cards with photos): in two halves, and so on.
                let middle = group.count / 2
                try await read(group[..<middle], from: api, into: &batch)
                try await read(group[middle...], from: api, into: &batch)
            }
        }
        return batch
    }

    static func read(_ hrefs: ArraySlice<String>, from api: any PeopleAPI, into batch: inout Batch) async throws {
        guard !hrefs.isEmpty else { return }
        do {
            batch.cards += try await api.cards(at: Array(hrefs))
        } catch PeopleAPIError.tooLarge {
            guard hrefs.count > 1 else {
                batch.unreadable += hrefs
                return
            }
            let middle = hrefs.startIndex + hrefs.count / 2
            try await read(hrefs[..<middle], from: api, into: &batch)
            try await read(hrefs[middle...], from: api, into: &batch)
        }
    }
}
