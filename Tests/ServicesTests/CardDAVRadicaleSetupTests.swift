import Foundation
import Models
import Services
import Testing
import TestSupport

/// The people server set up wrongly, against Radicale on loopback: each mistake is said as what
/// it is, with what to change, never as a refused password or a certificate it is not.
@Suite(.startsProcesses) struct CardDAVRadicaleSetupTests {
    /// What the first request to `server` fails with.
    private func failure(of server: URL, credentials: HTTPCredentials?, certificateAuthorities: String? = nil) async -> String {
        do {
            let api = try CardDAVPeopleAPI(server: server, credentials: credentials, certificateAuthorities: certificateAuthorities)
            _ = try await api.changes(since: nil)
            return "no failure"
        } catch {
            return "\(error)"
        }
    }

    @Test func noPasswordSetIsSaidAsSuchNotAsARefusedOne() async throws {
        let server = try await RadicaleServer.start()
        defer { server.stop() }
        #expect(
            await failure(of: server.baseURL, credentials: HTTPCredentials(user: "ada", password: ""))
                == "the people server at 127.0.0.1:\(server.port) asks for ada's password and none is set: "
                + "set MVVM_TUI_PEOPLE_PASSWORD, [people] password or ~/.netrc")
        #expect(
            await failure(of: server.baseURL, credentials: nil)
                .hasPrefix("the people server at 127.0.0.1:\(server.port) asks for a login and none is set: "))
        #expect(
            await failure(of: server.baseURL, credentials: HTTPCredentials(user: "ada", password: "wrong"))
                == "the people server refused the password of ada@127.0.0.1")
    }

    @Test func httpsToAPortOfPlainHTTPSaysToUseHTTP() async throws {
        let server = try await RadicaleServer.start()
        defer { server.stop() }
        let https = try #require(URL(string: "https://127.0.0.1:\(server.port)/"))
        #expect(
            await failure(of: https, credentials: HTTPCredentials(user: server.user, password: server.password))
                == "the people server at https://127.0.0.1:\(server.port)/ answers plain http, not https: "
                + "use http://127.0.0.1:\(server.port)/ (plain http goes only to this machine)")
    }

    @Test func aCertificateNotTrustedAndACAFileMissingOrUnreadableAreEachSaid() async throws {
        let server = try await RadicaleServer.start(https: true)
        defer { server.stop() }
        try server.makeAddressBook(named: "contacts")
        let credentials = HTTPCredentials(user: server.user, password: server.password)
        #expect(
            await failure(of: server.baseURL, credentials: credentials)
                == "the people server's certificate (127.0.0.1:\(server.port)) is not trusted: "
                + "set [people] ca_file or MVVM_TUI_PEOPLE_CA_FILE to its CA's PEM file")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.pem").path
        #expect(
            await failure(of: server.baseURL, credentials: credentials, certificateAuthorities: missing)
                == "the people server's CA file \(missing) does not exist: set [people] ca_file or "
                + "MVVM_TUI_PEOPLE_CA_FILE to a PEM file of certificates, or neither")
        let garbage = folder.appendingPathComponent("garbage.pem")
        try Data("not a certificate\n".utf8).write(to: garbage)
        #expect(
            await failure(of: server.baseURL, credentials: credentials, certificateAuthorities: garbage.path)
                .hasPrefix("the people server's CA file \(garbage.path) holds no PEM certificate"))
        #expect(
            await failure(of: server.baseURL, credentials: credentials, certificateAuthorities: folder.path)
                .hasPrefix("the people server's CA file \(folder.path) "))

        #expect(
            await failure(of: server.bookURL("contacts"), credentials: credentials, certificateAuthorities: server.caFile)
                == "no failure")
    }
}
