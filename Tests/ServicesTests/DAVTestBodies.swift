/// What the CardDAV tests send the servers: small cards, and the WebDAV bodies curl posts.
enum DAVTestBodies {
    /// A vCard 3.0 of `given` `family`, with `extra` (whole lines) before its end.
    static func card(_ uid: String, _ given: String, _ family: String, extra: String = "") -> String {
        "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nN:\(family);\(given);;;\r\nFN:\(given) \(family)\r\n\(extra)END:VCARD\r\n"
    }

    static func vcard(uid: String, name: String) -> String {
        "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:\(uid)\r\nFN:\(name)\r\nN:\(name);;;;\r\nEND:VCARD\r\n"
    }

    static func propfind(_ properties: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop>\(properties)</d:prop></d:propfind>
        """
    }

    static func syncCollection(token: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(token)</d:sync-token><d:sync-level>1</d:sync-level>\
        <d:prop><d:getetag/></d:prop></d:sync-collection>
        """
    }
}
