import Foundation

/// The text a CardDAV request is made of: its headers and XML bodies, and the paths and names
/// of the cards it names.
extension CardDAVPeopleAPI {
    static func xmlHeaders(depth: String?) -> [String: String] {
        var headers = ["Content-Type": "application/xml; charset=utf-8"]
        if let depth { headers["Depth"] = depth }
        return headers
    }

    static func propfind(_ properties: [String]) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop>\(properties.joined())</d:prop></d:propfind>
        """
    }

    /// `text` with XML's five special characters escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }

    /// An ETag as the program keeps, compares and sends it: quoted, as HTTP writes an entity tag
    /// (`"abc"`, or weak `W/"abc"`). A server that sends it bare (`abc`) gets it back quoted, so
    /// that the same version read from a listing and from a `PUT`'s answer is the same text.
    static func entityTag(_ sent: String?) -> String? {
        guard let tag = sent?.trimmedOfXMLSpace, !tag.isEmpty else { return nil }
        return tag.hasPrefix("\"") || tag.hasPrefix("W/\"") ? tag : "\"" + tag + "\""
    }

    /// The value of `card`'s `UID` property (`urn:uuid:…` included), its lines unfolded and its
    /// text unescaped as a server compares it; nil when it has none.
    static func uid(in card: String) -> String? {
        let unfolded = card.replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "\n ", with: "").replacingOccurrences(of: "\n\t", with: "")
        for line in unfolded.split(separator: "\n") {
            let name = line.prefix { $0 != ":" && $0 != ";" }
            guard name.uppercased() == "UID", let colon = line.firstIndex(of: ":") else { continue }
            var value = ""
            var escaping = false
            for character in line[line.index(after: colon)...] {
                if escaping {
                    value.append(character == "n" || character == "N" ? "\n" : character)
                    escaping = false
                } else if character == "\\" {
                    escaping = true
                } else {
                    value.append(character)
                }
            }
            return value
        }
        return nil
    }

    /// The path of an href that may be a whole URL.
    static func path(of href: String) -> String {
        if href.hasPrefix("/") { return href }
        if let url = URL(string: href), url.scheme != nil { return url.path(percentEncoded: true) }
        return href
    }

    static func directory(_ url: URL) -> URL {
        url.absoluteString.hasSuffix("/") ? url : URL(string: url.absoluteString + "/") ?? url
    }

    static func directory(path: String) -> String {
        path.hasSuffix("/") ? path : path + "/"
    }

    static func lastSegment(of href: String) -> String {
        (path(of: href).removingPercentEncoding ?? href).split(separator: "/").last.map(String.init) ?? ""
    }

    /// The file name a new card is stored under: its UID when it is plain, else a new UUID.
    static func fileName(for uid: String) -> String {
        let plain = uid.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) && $0.isASCII || "-_.@".unicodeScalars.contains($0)
        }
        return (plain && !uid.isEmpty && uid.count <= 200 ? uid : UUID().uuidString) + ".vcf"
    }
}

extension URL {
    /// `reference` (an absolute URL or a path) resolved against this URL.
    func resolving(_ reference: String) -> URL {
        URL(string: reference, relativeTo: self)?.absoluteURL ?? self
    }
}
