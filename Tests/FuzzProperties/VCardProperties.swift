import Foundation
import Models

/// A vCard file read, written and read again gives the same people; a card whose person is
/// unchanged is written back byte for byte.
enum VCardProperties {
    static func check(_ bytes: [UInt8]) -> [String] {
        var findings = Findings()
        let read = VCard.people(from: bytes)
        findings.expect(read.cards.count == read.people.count, "one card text for each person read")
        let written = VCard.text(for: read.people)
        let again = VCard.people(from: written)
        findings.expect(again.problems.isEmpty, "what is written reads without problems: \(again.problems)")
        findings.expect(
            again.people == read.people,
            "written and read again, the same people: \(difference(read.people, again.people))")
        for (person, card) in zip(read.people, read.cards) {
            let back = VCard.text(for: [person], keeping: [person.id: card], revisedAt: Date(timeIntervalSince1970: 0))
            findings.expect(
                back == card,
                "the unedited card of \(person.id) written back byte for byte: \(card.debugDescription) became \(back.debugDescription)")
        }
        return findings.broken
    }

    private static func difference(_ before: [Person], _ after: [Person]) -> String {
        guard before.count == after.count else { return "\(before.count) people became \(after.count)" }
        guard let index = before.indices.first(where: { before[$0] != after[$0] }) else { return "" }
        return "\(before[index]) became \(after[index])"
    }
}
