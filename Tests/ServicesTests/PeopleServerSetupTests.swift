import Foundation
import Models
@testable import Services
import Testing

/// What each mistake in setting up the people server is called, and what the message says to
/// change (`PeopleServerSetup`), from the failure alone: no server runs here.
struct PeopleServerSetupTests {
    private let server = URL(string: "https://127.0.0.1:5232/")!

    @Test func aPasswordAskedForAndNoneSetSaysWhereOneIsSet() {
        #expect(
            PeopleServerSetup.loginNotSet(user: "ada", server: server).message
                == "the people server at 127.0.0.1:5232 asks for ada's password and none is set: "
                + "set MVVM_TUI_PEOPLE_PASSWORD, [people] password or ~/.netrc")
        #expect(
            PeopleServerSetup.loginNotSet(user: nil, server: URL(string: "https://dav.example.org/ada/")!).message
                == "the people server at dav.example.org asks for a login and none is set: "
                + "set MVVM_TUI_PEOPLE_USER and MVVM_TUI_PEOPLE_PASSWORD, [people] user and password, or ~/.netrc")
    }

    @Test func aLoginNotSetStopsTheSyncsRequestsAsARefusedOneDoes() {
        #expect(PeopleServerSetup.loginNotSet(user: "ada", server: server).isUnreachable)
    }

    @Test func httpsToAPortOfPlainHTTPSaysToUseHTTPOnThisMachineAndHTTPSElsewhere() {
        let error = URLError(
            .secureConnectionFailed,
            userInfo: [NSLocalizedDescriptionKey: "OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number"])
        #expect(
            PeopleServerSetup.failure(for: error, server: server, certificateAuthorities: nil)?.message
                == "the people server at https://127.0.0.1:5232/ answers plain http, not https: "
                + "use http://127.0.0.1:5232/ (plain http goes only to this machine)")
        let remote = URL(string: "https://dav.example.org:8080/ada/")!
        #expect(
            PeopleServerSetup.failure(for: error, server: remote, certificateAuthorities: nil)?.message
                == "the people server at https://dav.example.org:8080/ada/ answers plain http, not https: "
                + "give the server's https address (the password goes only over https)")
    }

    @Test func anotherTLSFailureIsNotCalledAnUntrustedCertificate() {
        let error = URLError(.secureConnectionFailed, userInfo: [NSLocalizedDescriptionKey: "handshake failure"])
        let message = PeopleServerSetup.failure(for: error, server: server, certificateAuthorities: nil)?.message ?? ""
        #expect(message.hasPrefix("no secure connection could be made with the people server at 127.0.0.1:5232 (handshake failure)"))
        #expect(!message.contains("certificate"))
    }

    @Test func anUntrustedCertificateNamesTheSettingsThatTrustOne() {
        let error = URLError(.serverCertificateUntrusted, userInfo: [NSLocalizedDescriptionKey: "self-signed certificate"])
        #expect(
            PeopleServerSetup.failure(for: error, server: server, certificateAuthorities: nil)?.message
                == "the people server's certificate (127.0.0.1:5232) is not trusted: "
                + "set [people] ca_file or MVVM_TUI_PEOPLE_CA_FILE to its CA's PEM file")
        #expect(
            PeopleServerSetup.failure(for: error, server: server, certificateAuthorities: "/etc/ca.pem")?.message
                == "the people server's certificate (127.0.0.1:5232) is not signed by /etc/ca.pem: "
                + "set [people] ca_file or MVVM_TUI_PEOPLE_CA_FILE to its CA's PEM file")
        let otherName = URLError(
            .serverCertificateUntrusted,
            userInfo: [
                NSLocalizedDescriptionKey: "SSL: no alternative certificate subject name matches target host name 'localhost'"
            ])
        #expect(
            PeopleServerSetup.failure(for: otherName, server: server, certificateAuthorities: nil)?.message
                == "the people server's certificate is not made out to 127.0.0.1: use the name the certificate names")
    }

    @Test func aCAFileThatIsMissingAFolderOrNoCertificateIsSaidSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let garbage = folder.appendingPathComponent("garbage.pem")
        try Data("not a certificate\n".utf8).write(to: garbage)
        let missing = folder.appendingPathComponent("missing.pem").path
        let curlFailed = URLError(.cannotOpenFile, userInfo: [NSLocalizedDescriptionKey: "error setting certificate file: \(missing)"])
        #expect(
            PeopleServerSetup.failure(for: curlFailed, server: server, certificateAuthorities: missing)?.message
                == "the people server's CA file \(missing) does not exist: set [people] ca_file or "
                + "MVVM_TUI_PEOPLE_CA_FILE to a PEM file of certificates, or neither")
        #expect(PeopleServerSetup.certificateAuthoritiesProblem(path: folder.path).contains("\(folder.path) is a folder: "))
        #expect(
            PeopleServerSetup.certificateAuthoritiesProblem(path: garbage.path)
                .contains("\(garbage.path) holds no PEM certificate (-----BEGIN CERTIFICATE-----): "))
    }

    @Test func aNetworkFailureIsNoneOfSetup() {
        #expect(PeopleServerSetup.failure(for: URLError(.cannotConnectToHost), server: server, certificateAuthorities: nil) == nil)
        #expect(PeopleServerSetup.failure(for: URLError(.timedOut), server: server, certificateAuthorities: "/etc/ca.pem") == nil)
    }
}
