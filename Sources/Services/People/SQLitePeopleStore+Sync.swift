import Foundation
import GRDB
import Models

/// The outbox of people still to post, and what the store knows of the server's cards.
extension SQLitePeopleStore {
    // MARK: - Outbox

    public func pendingPosts() throws -> [PendingPost] {
        try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT person.*, outbox.attempts, outbox.lastError, serverCard.href AS serverHref, serverCard.etag AS serverEtag,
                        serverCard.placeConfirmed AS serverPlaceConfirmed
                    FROM outbox JOIN person ON person.id = outbox.personId
                    LEFT JOIN serverCard ON serverCard.personId = outbox.personId ORDER BY outbox.id
                    """
            ).map { row in
                let href: String? = row["serverHref"]
                return PendingPost(
                    person: Self.person(from: row), attempts: row["attempts"], lastError: row["lastError"],
                    server: href.map { ServerVersion(href: $0, etag: row["serverEtag"], placeConfirmed: row["serverPlaceConfirmed"]) })
            }
        }
    }

    // MARK: - Server

    /// The preference keys of the book synced last, of its token, and of the last exchange's outcome.
    static let bookKey = "people.server.book"
    static let tokenKey = "people.server.token"
    static let outcomeKey = "people.server.outcome"

    public func lockForExchange() throws -> (any ExchangeLock)? {
        guard let path = database.path else { return UnsharedExchangeLock() }
        return try ExchangeFileLock.take(at: path + ".sync-lock")
    }

    public func syncOutcome() throws -> SyncOutcome {
        try database.read { db in
            guard let json = try String.fetchOne(db, sql: "SELECT value FROM preference WHERE key = ?", arguments: [Self.outcomeKey]),
                let outcome = try? JSONDecoder().decode(SyncOutcome.self, from: Data(json.utf8))
            else { return SyncOutcome() }
            return outcome
        }
    }

    public func keepSyncOutcome(_ outcome: SyncOutcome) throws {
        let json = String(decoding: try JSONEncoder().encode(outcome), as: UTF8.self)
        try database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO preference (key, value) VALUES (?, ?)", arguments: [Self.outcomeKey, json])
        }
    }

    public func boundBook() throws -> String? {
        try database.read { db in try Self.boundBook(in: db) }
    }

    public func bind(to book: String) throws {
        try database.write { db in
            switch try Self.boundBook(in: db) {
            case nil: try Self.bind(to: book, in: db)
            case book: break
            case let kept?: throw BookMismatch(kept: kept, asked: book)
            }
        }
    }

    @discardableResult
    public func rebind(to book: String) throws -> Int {
        try database.write { db in
            try Self.bind(to: book, in: db)
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox") ?? 0
        }
    }

    private static func boundBook(in db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM preference WHERE key = ?", arguments: [bookKey])
    }

    /// Forgets every link, the token and the outcome, queues everyone, and keeps `book`.
    private static func bind(to book: String, in db: Database) throws {
        try db.execute(
            sql: """
                DELETE FROM serverCard;
                DELETE FROM deletedPerson WHERE href IS NOT NULL;
                INSERT OR IGNORE INTO outbox (personId) SELECT id FROM person;
                DELETE FROM preference WHERE key IN (?, ?);
                INSERT OR REPLACE INTO preference (key, value) VALUES (?, ?);
                """, arguments: [tokenKey, outcomeKey, bookKey, book])
    }

    public func serverState(for book: String) throws -> ServerState {
        try database.read { db in
            if let kept = try Self.boundBook(in: db), kept != book { throw BookMismatch(kept: kept, asked: book) }
            let token = try String.fetchOne(db, sql: "SELECT value FROM preference WHERE key = ?", arguments: [Self.tokenKey])
            var versions: [String: String?] = [:]
            var unconfirmed: Set<String> = []
            for row in try Row.fetchAll(db, sql: "SELECT href, etag, placeConfirmed FROM serverCard") {
                versions[row["href"] as String] = row["etag"] as String?
                if !(row["placeConfirmed"] as Bool) { unconfirmed.insert(row["href"]) }
            }
            return ServerState(token: token, versions: versions, unconfirmed: unconfirmed)
        }
    }

    @discardableResult
    public func takeServerCards(_ cards: [ServerPerson], removed: [String], token: String?) throws -> Int {
        try database.write { db in
            var keptAsOnServer = 0
            for card in cards {
                let linked = try String.fetchOne(
                    db.cachedStatement(sql: "SELECT personId FROM serverCard WHERE href = ?"), arguments: [card.version.href])
                if let linked {
                    // A person changed or deleted here keeps that form until it is sent.
                    guard try !Self.isWaiting(linked, in: db) else { continue }
                    try Self.keep(card, as: linked, in: db)
                    continue
                }
                let id = card.person.id
                if let known = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM person WHERE id = ?"), arguments: [id]).map(
                    Self.person(from:))
                {
                    if let confirmed = try Bool.fetchOne(
                        db.cachedStatement(sql: "SELECT placeConfirmed FROM serverCard WHERE personId = ?"), arguments: [id])
                    {
                        if confirmed {
                            // Another card of the same UID: kept as a person of its own.
                            try Self.keep(card, as: UUID().uuidString, in: db)
                        } else if try Self.isWaiting(id, in: db) {
                            // Sent, stored where the server did not say, and changed here since:
                            // linked to where it is, and the change goes there.
                            try Self.link(id, to: card.version, in: db)
                        } else {
                            // Sent, and stored where the server did not say: this is that card.
                            try Self.keep(card, as: id, in: db)
                        }
                    } else if known == card.person {
                        try Self.keep(card, as: id, in: db)
                        try db.cachedStatement(sql: "DELETE FROM outbox WHERE personId = ?").execute(arguments: [id])
                    } else {
                        let here =
                            try Data.fetchOne(db.cachedStatement(sql: "SELECT card FROM personCard WHERE personId = ?"), arguments: [id])
                            .flatMap(PackedCard.unpack) ?? VCard.text(for: [known])
                        switch ImportMerge.outcome(of: here, kept: card.card, deletedHere: false, replacing: false) {
                        case .updated:
                            // Newer here: linked to the server's card, and sent over it.
                            try Self.link(id, to: card.version, in: db)
                        case let outcome:
                            try Self.keep(card, as: id, in: db)
                            try db.cachedStatement(sql: "DELETE FROM outbox WHERE personId = ?").execute(arguments: [id])
                            if outcome != .unchanged { keptAsOnServer += 1 }
                        }
                    }
                } else if let deleted = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT href, settled FROM deletedPerson WHERE id = ?"), arguments: [id]),
                    !(deleted["settled"] as Bool)
                {
                    // Deleted here: a delete not yet sent holds; one made before the person was
                    // linked goes to the server now.
                    if (deleted["href"] as String?) == nil {
                        try db.cachedStatement(sql: "UPDATE deletedPerson SET href = ?, etag = ? WHERE id = ?")
                            .execute(arguments: [card.version.href, card.version.etag, id])
                    }
                } else {
                    // A settled delete, or none: the server holds the card (added again elsewhere,
                    // or changed there before the delete reached it), so the person is here again.
                    try db.cachedStatement(sql: "DELETE FROM deletedPerson WHERE id = ?").execute(arguments: [id])
                    try Self.keep(card, as: id, in: db)
                }
            }
            for href in removed {
                try db.cachedStatement(sql: "UPDATE deletedPerson SET href = NULL, etag = NULL, settled = 1 WHERE href = ?")
                    .execute(arguments: [href])
                guard
                    let id = try String.fetchOne(
                        db.cachedStatement(sql: "SELECT personId FROM serverCard WHERE href = ?"), arguments: [href])
                else { continue }
                try db.cachedStatement(sql: "DELETE FROM serverCard WHERE href = ?").execute(arguments: [href])
                if try !Self.isWaiting(id, in: db) {
                    try db.cachedStatement(sql: "DELETE FROM person WHERE id = ?").execute(arguments: [id])
                }
            }
            if let token {
                try db.cachedStatement(sql: "INSERT OR REPLACE INTO preference (key, value) VALUES (?, ?)").execute(arguments: [
                    Self.tokenKey, token,
                ])
            }
            return keptAsOnServer
        }
    }

    public func pendingDeletes() throws -> [ServerVersion] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT href, etag FROM deletedPerson WHERE href IS NOT NULL ORDER BY rowid").map {
                ServerVersion(href: $0["href"], etag: $0["etag"])
            }
        }
    }

    public func markDeleteSent(_ href: String) throws {
        try database.write { db in
            // Settled: a card of that id the server holds later comes back; the id is still known as
            // deleted here, so an import asks before bringing the person back.
            try db.execute(sql: "UPDATE deletedPerson SET href = NULL, etag = NULL, settled = 1 WHERE href = ?", arguments: [href])
        }
    }

    public func markPosted(_ id: Person.ID, as version: ServerVersion) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM outbox WHERE personId = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM serverCard WHERE personId = ? OR href = ?", arguments: [id, version.href])
            try db.execute(
                sql: """
                    INSERT INTO serverCard (personId, href, etag, placeConfirmed)
                    SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM person WHERE id = ?)
                    """,
                arguments: [id, version.href, version.etag, version.placeConfirmed, id])
        }
    }

    public func confirmPlaces(_ hrefs: [String]) throws {
        try database.write { db in
            for href in hrefs {
                try db.cachedStatement(sql: "UPDATE serverCard SET placeConfirmed = 1 WHERE href = ?").execute(arguments: [href])
            }
        }
    }

    @discardableResult
    public func keepConflict(_ id: Person.ID, server card: ServerPerson) throws -> Person {
        try database.write { db in try Self.keepConflict(id, server: card, in: db) }
    }

    /// Whether the person with `id` waits in the outbox.
    static func isWaiting(_ id: Person.ID, in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM outbox WHERE personId = ?"), arguments: [id]) == true
    }

    /// Keeps the server's `card` as the person with `id`: their row, their card, their link.
    static func keep(_ card: ServerPerson, as id: Person.ID, in db: Database) throws {
        let person = card.person
        try save(person.identified(as: id), in: db)
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO personCard (personId, card) VALUES (?, ?)").execute(arguments: [
            id, try PackedCard.pack(card.card),
        ])
        try link(id, to: card.version, in: db)
    }

    /// Links the person with `id` to the card at `version`, whose place the server confirmed, in
    /// place of any other link of either.
    static func link(_ id: Person.ID, to version: ServerVersion, in db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM serverCard WHERE personId = ? OR href = ?").execute(arguments: [id, version.href])
        try db.cachedStatement(sql: "INSERT INTO serverCard (personId, href, etag) VALUES (?, ?, ?)").execute(arguments: [
            id, version.href, version.etag,
        ])
    }

    /// See `keepConflict(_:server:)`.
    static func keepConflict(_ id: Person.ID, server card: ServerPerson, in db: Database) throws -> Person {
        let local = try Row.fetchOne(db, sql: "SELECT * FROM person WHERE id = ?", arguments: [id]).map(person(from:))
        let localCard = try Data.fetchOne(db, sql: "SELECT card FROM personCard WHERE personId = ?", arguments: [id]).flatMap(
            PackedCard.unpack)
        try db.execute(sql: "DELETE FROM outbox WHERE personId = ?", arguments: [id])
        try keep(card, as: id, in: db)
        guard let local else { return card.person }
        let copy = local.conflictCopy()
        try save(copy, in: db)
        // The copy's card: the one entered here, under a UID of its own and the new name.
        let text = localCard.flatMap { VCard.revised(VCard.withUID(copy.id, in: $0), to: copy, at: Date()) } ?? VCard.text(for: [copy])
        try db.execute(
            sql: "INSERT OR REPLACE INTO personCard (personId, card) VALUES (?, ?)", arguments: [copy.id, try PackedCard.pack(text)])
        try db.execute(sql: "INSERT OR IGNORE INTO outbox (personId) VALUES (?)", arguments: [copy.id])
        return copy
    }

    public func markPosted(_ id: Person.ID) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM outbox WHERE personId = ?", arguments: [id])
        }
    }

    public func recordFailure(_ id: Person.ID, message: String) throws {
        try database.write { db in
            try db.execute(
                sql: """
                    UPDATE outbox SET attempts = attempts + 1, lastError = ?,
                        failureNumber = (SELECT IFNULL(MAX(failureNumber), 0) + 1 FROM outbox)
                    WHERE personId = ?
                    """, arguments: [message, id])
        }
    }

    public func outboxStatus() throws -> OutboxStatus {
        try database.read { db in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox") ?? 0
            let lastError = try String.fetchOne(
                db,
                sql: """
                    SELECT lastError FROM outbox WHERE failureNumber IS NOT NULL ORDER BY failureNumber DESC LIMIT 1
                    """)
            return OutboxStatus(pendingCount: count, lastError: lastError)
        }
    }
}
