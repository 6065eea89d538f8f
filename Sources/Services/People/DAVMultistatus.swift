import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A WebDAV `multistatus` answer (RFC 4918, section 13), reduced to what the CardDAV client reads:
/// for each `response`, its href, its own status (a `sync-collection` report gives 404 for a
/// removed card), and the properties a `propstat` with a 2xx status holds.
///
/// Read with FoundationXML's `XMLParser` (libxml2's SAX parser), with namespaces resolved, so
/// that `<d:href>`, `<D:href>` and `<href xmlns="DAV:">` are one element. A document type is refused
/// before parsing: no answer of a CardDAV server has one, and it is where entity expansion lives.
///
/// ```swift
/// func firstTag(of body: Data) throws -> (etag: String?, syncToken: String?) {
///     let answer = try DAVMultistatus.parse(body)
///     return (answer.responses.first?.etag, answer.syncToken)   // ("\"3-1700000000\"", "http://radicale.org/ns/sync/…")
/// }
/// ```
struct DAVMultistatus: Equatable, Sendable {
    /// One `response`: a resource and what the server said of it.
    struct Response: Equatable, Sendable {
        /// The resource's href as sent: a path, or an absolute URL.
        var href: String
        /// The response's own status, when it has one instead of property statuses.
        var status: Int?
        /// `getetag`.
        var etag: String?
        /// CardDAV's `address-data`: the vCard itself.
        var addressData: String?
        /// The names of `resourcetype`'s children, as `namespace + name`: `DAV:collection`,
        /// `urn:ietf:params:xml:ns:carddav` + `addressbook`.
        var resourceTypes: Set<String> = []
        /// `displayname`.
        var displayName: String?
        /// The href in `current-user-principal`.
        var principal: String?
        /// The first href in CardDAV's `addressbook-home-set`.
        var addressBookHome: String?
        /// The report names in `supported-report-set`, as `namespace + name`.
        var reports: Set<String> = []
        /// `sync-token`, asked as a property of a collection.
        var syncToken: String?

        /// Whether the resource is a CardDAV address book.
        var isAddressBook: Bool { resourceTypes.contains(DAVName.carddav + "addressbook") }
        /// Whether the server offers the `sync-collection` report on it (RFC 6578).
        var offersSyncCollection: Bool { reports.contains(DAVName.dav + "sync-collection") }
    }

    /// The responses, in the order sent.
    var responses: [Response] = []
    /// The `sync-token` at the top of a `sync-collection` report's answer.
    var syncToken: String?

    /// Why an answer could not be read.
    enum Failure: Error, Equatable {
        /// Not well-formed XML, or not a `multistatus`; `line` is where the parser stopped.
        case malformed(line: Int)
        /// The answer declares a document type.
        case documentType
    }

    /// Reads `data` as a `multistatus`.
    static func parse(_ data: Data) throws -> DAVMultistatus {
        if data.range(of: Data("<!DOCTYPE".utf8)) != nil || data.range(of: Data("<!ENTITY".utf8)) != nil {
            throw Failure.documentType
        }
        // FoundationXML traps on an element name that is not UTF-8 (found by the multistatus fuzz
        // target), so an answer read as UTF-8 that is not UTF-8 is refused before it reaches the
        // parser. One that declares another encoding (or starts with UTF-16's byte-order mark) is
        // libxml2's to convert, and reaches FoundationXML as UTF-8.
        if !declaresAnotherEncoding(data), let line = lineOfFirstInvalidUTF8(in: data) { throw Failure.malformed(line: line) }
        // It reads a processing instruction without data (`<?name?>`) through a null pointer.
        if let line = lineOfEmptyProcessingInstruction(in: data) { throw Failure.malformed(line: line) }
        // Fed as a stream, a chunk at a time: given the whole of an answer over 10 MB at once
        // (a multiget of cards with photos), libxml2 stops at its look-up limit and fails.
        let parser = XMLParser(stream: InputStream(data: data))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        let reader = MultistatusReader()
        parser.delegate = reader
        guard parser.parse(), reader.sawMultistatus else {
            throw Failure.malformed(line: parser.lineNumber)
        }
        return reader.result
    }
}

/// Whether `data` starts with UTF-16's byte-order mark, or with an XML declaration that names an
/// encoding other than UTF-8 (`<?xml version="1.0" encoding="ISO-8859-1"?>`).
private func declaresAnotherEncoding(_ data: Data) -> Bool {
    if data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE]) { return true }
    guard data.starts(with: Data("<?xml".utf8)), let end = data.prefix(256).firstIndex(of: UInt8(ascii: ">")) else {
        return false
    }
    let declaration = String(decoding: data[data.startIndex..<end], as: UTF8.self).lowercased()
    guard let name = declaration.range(of: "encoding") else { return false }
    let value = declaration[name.upperBound...].drop { " =\"'".contains($0) }.prefix { !" \"'?".contains($0) }
    return !value.isEmpty && value != "utf-8" && value != "utf8"
}

/// The line (from 1) of the first byte of `data` that is not UTF-8; nil when all of it is.
private func lineOfFirstInvalidUTF8(in data: Data) -> Int? {
    data.withUnsafeBytes { bytes -> Int? in
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var line = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): if scalar.first == UInt8(ascii: "\n") { line += 1 }
            case .error: return line
            case .emptyInput: return nil
            }
        }
    }
}

/// The line (from 1) of the first processing instruction in `data` that has a target and no data,
/// such as `<?name?>`; nil when there is none.
private func lineOfEmptyProcessingInstruction(in data: Data) -> Int? {
    data.withUnsafeBytes { lineOfEmptyProcessingInstruction(in: $0) }
}

private func lineOfEmptyProcessingInstruction(in bytes: UnsafeRawBufferPointer) -> Int? {
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    var index = 0
    while index + 1 < bytes.count {
        defer { index += 1 }
        guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") else { continue }
        var end = index + 2
        while end < bytes.count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: "?") { end += 1 }
        while end < bytes.count, isSpace(bytes[end]) { end += 1 }
        if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">") {
            return bytes[..<index].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        }
    }
    return nil
}

/// The namespaces of the elements read.
enum DAVName {
    static let dav = "DAV:"
    static let carddav = "urn:ietf:params:xml:ns:carddav"
}

/// The SAX side of `DAVMultistatus.parse`: a stack of open elements, the text of the current
/// one, and the response and propstat being read.
private final class MultistatusReader: NSObject, XMLParserDelegate {
    var result = DAVMultistatus()
    var sawMultistatus = false
    private var path: [String] = []
    private var text = ""
    private var response: DAVMultistatus.Response?
    private var properties = DAVMultistatus.Response(href: "")
    private var propertyStatus: Int?

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let element = (namespaceURI ?? "") + name
        if path.isEmpty {
            sawMultistatus = element == DAVName.dav + "multistatus"
        }
        if element == DAVName.dav + "response", response == nil {
            response = DAVMultistatus.Response(href: "")
        } else if element == DAVName.dav + "propstat" {
            properties = DAVMultistatus.Response(href: "")
            propertyStatus = nil
        } else if let parent = path.last, parent == DAVName.dav + "resourcetype" {
            properties.resourceTypes.insert(element)
        } else if path.count >= 2, path[path.count - 2] == DAVName.dav + "supported-report" {
            properties.reports.insert(element)
        }
        path.append(element)
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        text += String(decoding: block, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let element = path.removeLast()
        let parent = path.last ?? ""
        let value = text
        text = ""
        switch element {
        case DAVName.dav + "href":
            let href = value.trimmedOfXMLSpace
            switch parent {
            case DAVName.dav + "response": response?.href = href
            case DAVName.dav + "current-user-principal": properties.principal = href
            case DAVName.carddav + "addressbook-home-set": properties.addressBookHome = properties.addressBookHome ?? href
            default: break
            }
        case DAVName.dav + "status":
            let status = Self.statusCode(value)
            if parent == DAVName.dav + "propstat" {
                propertyStatus = status
            } else if parent == DAVName.dav + "response" {
                response?.status = status
            }
        case DAVName.dav + "getetag": properties.etag = value.trimmedOfXMLSpace
        case DAVName.carddav + "address-data": properties.addressData = value
        case DAVName.dav + "displayname": properties.displayName = value.trimmedOfXMLSpace
        case DAVName.dav + "sync-token":
            let token = value.trimmedOfXMLSpace
            if parent == DAVName.dav + "multistatus" { result.syncToken = token } else { properties.syncToken = token }
        case DAVName.dav + "propstat":
            if let status = propertyStatus, (200..<300).contains(status) { take(properties) }
        case DAVName.dav + "response":
            if let response { result.responses.append(response) }
            response = nil
        default: break
        }
    }

    /// Copies the properties of a successful propstat into the response.
    private func take(_ found: DAVMultistatus.Response) {
        guard var response else { return }
        response.etag = found.etag ?? response.etag
        response.addressData = found.addressData ?? response.addressData
        response.resourceTypes.formUnion(found.resourceTypes)
        response.displayName = found.displayName ?? response.displayName
        response.principal = found.principal ?? response.principal
        response.addressBookHome = found.addressBookHome ?? response.addressBookHome
        response.reports.formUnion(found.reports)
        response.syncToken = found.syncToken ?? response.syncToken
        self.response = response
    }

    /// The code in a status line: `HTTP/1.1 404 Not Found` → 404.
    private static func statusCode(_ line: String) -> Int? {
        let parts = line.split(separator: " ")
        return parts.count >= 2 ? Int(parts[1]) : nil
    }
}

extension String {
    /// The text without the spaces, tabs and line ends XML may put around a value: the string
    /// itself when there are none, as with nearly every value a server sends. (Foundation's
    /// `trimmingCharacters(in:)` copies through `NSString` every time, which cost a sync of
    /// 10,000 cards a sixth of its time.)
    var trimmedOfXMLSpace: String {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        let bytes = utf8
        guard let first = bytes.first, let last = bytes.last else { return self }
        guard isSpace(first) || isSpace(last) else { return self }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }), let end = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}
