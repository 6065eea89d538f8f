import Foundation
import Services
import Testing

/// `~/.netrc` as curl reads it, for the people server's login.
struct NetrcTests {
    @Test func theEntryForTheHostGivesItsLoginAndPassword() {
        let netrc = Netrc(
            text: """
                machine ftp.example.org login anon password guest
                machine DAV.example.org
                    login ada
                    password s3cret
                default login nobody password none
                """)
        #expect(netrc.credentials(forHost: "dav.example.org", user: nil) == HTTPCredentials(user: "ada", password: "s3cret"))
        #expect(netrc.credentials(forHost: "dav.example.org", user: "ada") == HTTPCredentials(user: "ada", password: "s3cret"))
        #expect(netrc.credentials(forHost: "other.example.org", user: nil) == nil)  // `default` is never sent
    }

    @Test func anEntryForAnotherUserGivesNothing() {
        let netrc = Netrc(text: "machine dav.example.org login ada password s3cret")
        #expect(netrc.credentials(forHost: "dav.example.org", user: "bob") == nil)
        #expect(netrc.credentials(forHost: "elsewhere.example.org", user: nil) == nil)
    }

    @Test func aLaterEntryForTheHostWithTheUsersLoginIsFound() {
        let netrc = Netrc(text: "machine dav.example.org login ada password a\nmachine dav.example.org login bob password b")
        #expect(netrc.credentials(forHost: "dav.example.org", user: "bob") == HTTPCredentials(user: "bob", password: "b"))
    }

    @Test func aHashInsideAPasswordIsPartOfIt() {
        let netrc = Netrc(text: "machine a login ada password #x\nmachine b login bob password bobpw")
        #expect(netrc.credentials(forHost: "a", user: nil) == HTTPCredentials(user: "ada", password: "#x"))
        #expect(netrc.credentials(forHost: "b", user: nil) == HTTPCredentials(user: "bob", password: "bobpw"))
    }

    @Test func anEntryWithoutALoginLendsItsPasswordToTheUserSet() {
        let netrc = Netrc(text: "machine dav.example.org password s3cret")
        #expect(netrc.credentials(forHost: "dav.example.org", user: "ada") == HTTPCredentials(user: "ada", password: "s3cret"))
        #expect(netrc.credentials(forHost: "dav.example.org", user: nil) == nil)
    }

    @Test func quotedWordsCommentsMacrosAndCRLFAreReadAsCurlReadsThem() {
        let netrc = Netrc(
            text: "# my logins\r\nmacdef init\r\ncd /pub\r\nmachine x password nope\r\n\r\n"
                + "  # a comment\r\nmachine dav.example.org login \"ada l\" password \"a \\\"quoted\\\" #word\"\r\n")
        #expect(netrc.entries == [Netrc.Entry(machine: "dav.example.org", login: "ada l", password: "a \"quoted\" #word")])
    }

    @Test func thePathIsNETRCElseTheHomeFolders() {
        #expect(Netrc.path(environment: ["HOME": "/home/ada"]) == "/home/ada/.netrc")
        #expect(Netrc.path(environment: ["HOME": "/home/ada", "NETRC": "/etc/ada.netrc"]) == "/etc/ada.netrc")
        #expect(Netrc.path(environment: [:]) == nil)
        #expect(Netrc.load(path: "/nonexistent/.netrc") == Netrc(text: ""))
    }
}
