import Foundation
import Models

extension CardDAVPeopleAPI {
    // MARK: - Listing

    /// The changes since `token` by `sync-collection`, with the changed cards' text where the
    /// answer stays within 16 MB (and where a server refuses to send it, without); nil when the
    /// server no longer knows the token (RFC 6578: 403 or 409 with `valid-sync-token`, or 400, 412).
    func syncCollection(of book: URL, token: String) async throws -> PeopleChanges? {
        do {
            return try await syncCollection(of: book, token: token, withCards: true)
        } catch let failure as PeopleAPIError where failure.isAnswerTooHeavy {
            return try await syncCollection(of: book, token: token, withCards: false)
        }
    }

    /// How many times the time allowed a `sync-collection` report of the whole book gets.
    static let listingPatience = 6

    /// The most parts a `sync-collection` answer is asked in before the server is taken to loop.
    static let maximumSyncParts = 1_000

    /// See `syncCollection(of:token:)`. A server may answer in parts, saying so with a 507 for the
    /// book itself: the next part is asked from the token of the last, and the parts make one
    /// set of changes (a card changed again in a later part takes that part's version; one
    /// removed after it was listed is removed). A server that says there is more but hands back
    /// the same token gives an unreadable answer: a listing cut short must never read as whole.
    func syncCollection(of book: URL, token: String, withCards: Bool) async throws -> PeopleChanges? {
        var parts = ChangesInParts()
        var asked = token
        let own = Self.directory(path: book.path(percentEncoded: true))
        for _ in 0..<Self.maximumSyncParts {
            let property = withCards ? "<d:getetag/><c:address-data/>" : "<d:getetag/>"
            let body = """
                <?xml version="1.0" encoding="utf-8"?>
                <d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav">\
                <d:sync-token>\(Self.escaped(asked))</d:sync-token><d:sync-level>1</d:sync-level>\
                <d:prop>\(property)</d:prop></d:sync-collection>
                """
            let response = try await send(
                HTTPRequest(
                    url: book, method: .report, headers: Self.xmlHeaders(depth: nil),
                    body: Data(body.utf8)), patience: token.isEmpty ? Self.listingPatience : 1)
            if [400, 403, 409, 412].contains(response.status), !asked.isEmpty {
                // A token the server handed out a moment ago and now refuses is no refusal of the caller's.
                guard asked == token else { throw PeopleAPIError.unreadableAnswer }
                return nil
            }
            // Thousands of entries: gathered where the answer is read, away from the caller.
            let (taken, isComplete) = (parts, token.isEmpty)
            let part = try await Self.read(response, refusal: refusal) { answer in
                var parts = taken
                let cutShort = parts.take(answer, book: own)
                return (
                    parts: parts, next: answer.syncToken,
                    changes: cutShort ? nil : parts.changes(isComplete: isComplete, token: answer.syncToken)
                )
            }
            if let changes = part.changes { return changes }
            guard let next = part.next, next != asked else { throw PeopleAPIError.unreadableAnswer }
            (parts, asked) = (part.parts, next)
        }
        throw PeopleAPIError.unreadableAnswer
    }

    /// Every card of the book with its ETag, by `PROPFIND` of depth 1.
    func listing(of book: URL) async throws -> PeopleChanges {
        let answer = try await multistatus(.propfind, book, depth: "1", body: Self.propfind(["<d:getetag/>", "<d:resourcetype/>"])).answer
        let own = Self.directory(path: book.path(percentEncoded: true))
        let cards = answer.responses.filter {
            Self.directory(path: Self.path(of: $0.href)) != own && !$0.resourceTypes.contains(DAVName.dav + "collection")
        }
        return PeopleChanges(
            isComplete: true, changed: cards.map { ServerVersion(href: Self.path(of: $0.href), etag: Self.entityTag($0.etag)) },
            token: nil)
    }
}
