import Foundation
import Models
@testable import Services
import Testing

/// What each mistake in setting up the people server is called, and what the message says to
/// change (`PeopleServerSetup`), from the failure alone: no server runs here.
struct PeopleServerSetupTests {
    private let server = URL(string: "https://127.0.0.1:5232/")!

    @Test func aPasswordAskedForAndNoneSetSaysWhereOneIsSet() {
        #expect(PeopleServerSetup.loginNotSet(user: "ada", server: server).message
            == "the people server at https://127.0.0.1:5232/ asks for ada's password and none is set: "
            + "set MVVM_TUI_PEOPLE_PASSWORD, [people] password in the config file, or a login for 127.0.0.1 in ~/.netrc")
        #expect(PeopleServerSetup.loginNotSet(user: nil, server: server).message
            == "the people server at https://127.0.0.1:5232/ asks for a user and password and none is set: "
            + "set MVVM_TUI_PEOPLE_USER and MVVM_TUI_PEOPLE_PASSWORD, [people] user and password in the config file, "
            + "or a login for 127.0.0.1 in ~/.netrc")
    }

    @Test func aLoginNotSetStopsTheSyncsRequestsAsARefusedOneDoes() {
        #expect(PeopleServerSetup.loginNotSet(user: "ada", server: server).isUnreachable)
    }

    @Test func httpsToAPortOfPlainHTTPSaysToUseHTTPOnThisMachineAndHTTPSElsewhere() {
        let error = URLError(.secureConnectionFailed,
                             userInfo: [NSLocalizedDescriptionKey: "OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number"])
        #expect(PeopleServerSetup.failure(for: error, server: server, certificateAuthorities: nil)?.message
            == "the people server at https://127.0.0.1:5232/ answers plain http, not https: "
            + "use http://127.0.0.1:5232/ (plain http goes only to this machine)")
        let remote = URL(string: "https://dav.example.org:8080/ada/")!
        #expect(PeopleServerSetup.failure(for: error, server: remote, certificateAuthorities: nil)?.message
            == "the people server at https://dav.example.org:8080/ada/ answers plain http, not https: "
            + "give the server's https address (the password goes only over https)")
    }

    @Test func anotherTLSFailureIsNotCalledAnUntrustedCertificate() {
        let error = URLError(.secureConnectionFailed, userInfo: [NSLocalizedDescriptionKey: "handshake failure"])
        let message = PeopleServerSetup.failure(for: error, server: server, certificateAuthorities: nil)?.message ?? ""
        #expect(message.hasPrefix("no secure connection could be made with the people server at https://127.0.0.1:5232/"))
        #expect(!message.contains("certificate"))
    }

    @Test func anUntrustedCertificateNamesTheSettingsThatTrustOne() {
        let error = URLError(.serverCertificateUntrusted, userInfo: [NSLocalizedDescriptionKey: "self-signed certificate"])
        #expect(PeopleServerSetup.failure(for: error, server: server, certificateAuthorities: nil)?.message
            == "the certificate of the people server at https://127.0.0.1:5232/ is not trusted by this machine: "
            + "set [people] ca_file or MVVM_TUI_PEOPLE_CA_FILE to the PEM file of its CA, or of the certificate itself")
        #expect(PeopleServerSetup.failure(for: error, server: server, certificateAuthorities: "/etc/ca.pem")?.message
            .hasPrefix("the certificate of the people server at https://127.0.0.1:5232/ is not signed by the CA file /etc/ca.pem")
            == true)
    }

    @Test func aCAFileThatIsMissingAFolderOrNoCertificateIsSaidSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let garbage = folder.appendingPathComponent("garbage.pem")
        try Data("not a certificate\n".utf8).write(to: garbage)
        let missing = folder.appendingPathComponent("missing.pem").path
        let curlFailed = URLError(.cannotOpenFile, userInfo: [NSLocalizedDescriptionKey: "error setting certificate file: \(missing)"])
        #expect(PeopleServerSetup.failure(for: curlFailed, server: server, certificateAuthorities: missing)?.message
            == "the CA file for the people server, \(missing), does not exist: set [people] ca_file or "
            + "MVVM_TUI_PEOPLE_CA_FILE to a PEM file of the certificates to trust, or neither for the system's")
        #expect(PeopleServerSetup.certificateAuthoritiesProblem(path: folder.path).contains(", is a folder: "))
        #expect(PeopleServerSetup.certificateAuthoritiesProblem(path: garbage.path)
            .contains(", holds no certificate in PEM form (-----BEGIN CERTIFICATE-----): "))
    }

    @Test func aNetworkFailureIsNoneOfSetup() {
        #expect(PeopleServerSetup.failure(for: URLError(.cannotConnectToHost), server: server, certificateAuthorities: nil) == nil)
        #expect(PeopleServerSetup.failure(for: URLError(.timedOut), server: server, certificateAuthorities: "/etc/ca.pem") == nil)
    }
}
