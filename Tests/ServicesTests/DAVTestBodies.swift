/// What the test-server tests send the servers: a small card, and the WebDAV bodies curl posts.
enum DAVTestBodies {
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
