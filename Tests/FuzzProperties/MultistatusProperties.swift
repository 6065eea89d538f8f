import Foundation

@testable import Services

/// A WebDAV multistatus answer is read or refused with `DAVMultistatus.Failure`, the same way
/// every time, and what is read has no XML space around its values.
enum MultistatusProperties {
    static func check(_ bytes: [UInt8]) -> [String] {
        var findings = Findings()
        let first = Result { try DAVMultistatus.parse(Data(bytes)) }
        let second = Result { try DAVMultistatus.parse(Data(bytes)) }
        switch (first, second) {
        case (.success(let answer), .success(let again)):
            findings.expect(answer == again, "read twice, the same answer")
            let values = answer.responses.flatMap { [$0.href, $0.etag, $0.displayName, $0.principal, $0.addressBookHome, $0.syncToken] }
            for value in values.compactMap(\.self) + [answer.syncToken].compactMap(\.self) {
                findings.expect(value.trimmedOfXMLSpace == value, "a value without XML space around it: \(value.debugDescription)")
            }
            for status in answer.responses.compactMap(\.status) {
                findings.expect(status >= 0, "a status is a number from the status line: \(status)")
            }
        case (.failure(let error), .failure(let again)):
            findings.expect(error is DAVMultistatus.Failure, "refused only as malformed or with a document type: \(error)")
            findings.expect(String(describing: error) == String(describing: again), "refused twice the same way")
        default:
            findings.expect(false, "read once and refused once")
        }
        return findings.broken
    }
}
