import Foundation
import Models

/// Where the server stored a new card: what its answer to the `PUT` says, and when it says too
/// little, where the card is found.
extension CardDAVPeopleAPI {
    /// The version of the card at `href` when it reads as the same person as `card`; nil otherwise.
    func sameCard(_ card: String, at href: String) async throws -> ServerVersion? {
        guard let existing = try await cards(at: [href]).first,
            let sent = VCard.people(from: card).people.first, VCard.people(from: existing.text).people.first == sent
        else { return nil }
        return ServerVersion(href: existing.href, etag: existing.etag)
    }

    /// Where the new `card` named `name`, sent to `url`, was stored, from the server's `response`:
    /// where its `Location` says, or, when the server found it, where the card is; else where it
    /// was sent, with the place unconfirmed (`ServerVersion.placeConfirmed`), for the next pull to
    /// confirm, or to link the person to the card of their `UID` where the server put it.
    func created(_ card: String, named name: String, at url: URL, answer response: HTTPResponse) async throws -> ServerVersion {
        // A server may store the card under a name of its own, and say where (RFC 6352, 6.3.2.4).
        if let location = response.location {
            return ServerVersion(href: Self.path(of: url.resolving(location).absoluteString), etag: Self.entityTag(response.etag))
        }
        let href = url.path(percentEncoded: true)
        if let etag = Self.entityTag(response.etag) { return ServerVersion(href: href, etag: etag, placeConfirmed: false) }
        // No ETag: the server changed the card as it stored it, maybe under another name. The
        // card is stored whatever the looking for it gives: a failure there fails nothing.
        let unconfirmed = ServerVersion(href: href, etag: nil, placeConfirmed: false)
        do {
            return try await stored(at: href, uid: Self.uid(in: card) ?? name) ?? unconfirmed
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return unconfirmed
        }
    }

    /// The version of the card just stored at `href`, or, when the server put it elsewhere without
    /// saying where, of the one card whose `UID` is `uid` (an `addressbook-query`, RFC 6352 section
    /// 8.6); nil when neither is found, or when several cards have that `UID` (which is this one
    /// the server cannot say).
    func stored(at href: String, uid: String) async throws -> ServerVersion? {
        if let card = try await cards(at: [href]).first { return ServerVersion(href: card.href, etag: card.etag) }
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:addressbook-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/></d:prop>\
            <c:filter><c:prop-filter name="UID"><c:text-match collation="i;octet" match-type="equals">\
            \(Self.escaped(uid))</c:text-match></c:prop-filter></c:filter></c:addressbook-query>
            """
        let answer = try await multistatus(.report, try await addressBook().url, depth: "1", body: body).answer
        let found = answer.responses.filter { $0.status.map { (200..<300).contains($0) } ?? true }
        guard found.count == 1, let card = found.first else { return nil }
        return ServerVersion(href: Self.path(of: card.href), etag: Self.entityTag(card.etag))
    }
}
