import Models

/// The changes a `sync-collection` report lists, gathered from the one answer or the parts a
/// server answers it in (RFC 6578, section 3.6): a card changed again in a later part takes that
/// part's version and text, one removed after it was listed is removed, one listed after it was
/// removed is back.
struct ChangesInParts: Sendable {
    private var order: [String] = []
    private var listed: Set<String> = []
    private var versions: [String: ServerVersion] = [:]
    private var cards: [String: ServerCard] = [:]
    private var removed: [String: Int] = [:]

    /// Takes in one part: the answer of the book whose path is `book` (percent-encoded, ending in
    /// `/`). Returns whether the server said there is more: a 507, which only the book itself is
    /// given (whatever form its href takes, it is never a card).
    mutating func take(_ answer: DAVMultistatus, book: String) -> Bool {
        var cutShort = false
        for entry in answer.responses {
            let path = CardDAVPeopleAPI.path(of: entry.href)
            if entry.status == 507 {
                cutShort = true
            } else if CardDAVPeopleAPI.directory(path: path) == book {
                continue
            } else if entry.status == 404 || entry.status == 410 {
                versions[path] = nil
                cards[path] = nil
                removed[path] = removed[path] ?? removed.count
            } else {
                if listed.insert(path).inserted { order.append(path) }
                removed[path] = nil
                let etag = CardDAVPeopleAPI.entityTag(entry.etag)
                versions[path] = ServerVersion(href: path, etag: etag)
                cards[path] = entry.addressData.map { ServerCard(href: path, etag: etag, text: $0) }
            }
        }
        return cutShort
    }

    /// The changes taken in, in the order first listed, with the book's `token` after them.
    func changes(isComplete: Bool, token: String?) -> PeopleChanges {
        PeopleChanges(
            isComplete: isComplete, changed: order.compactMap { versions[$0] },
            removed: removed.sorted { $0.value < $1.value }.map(\.key),
            token: token, cards: order.compactMap { cards[$0] })
    }
}
