#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Models

/// What is wrong with how the people server is set up, said in the names the user sets it by
/// (Docs/Configuration.md) and with what to change: a password asked for and none set, https
/// to a port that speaks plain http, a certificate not trusted, a CA file that is missing or
/// cannot be read. `CardDAVPeopleAPI` asks it when a request fails in one of those ways.
///
/// ```swift
/// let url = URL(string: "https://dav.example.org/ada/contacts/")!
/// PeopleServerSetup.loginNotSet(user: "ada", server: url).message
/// // "the people server at dav.example.org asks for ada's password and none is set: …"
/// ```
///
/// Each is short enough to be read whole in the two rows under the People screen's header at
/// 80 columns.
enum PeopleServerSetup {
    /// The server asked for a login (401) and `user` was sent with no password (or no user at all).
    static func loginNotSet(user: String?, server: URL) -> PeopleAPIError {
        guard let user else {
            return .loginNotSet(
                "the people server at \(place(of: server)) asks for a login and none is set: set "
                    + "MVVM_TUI_PEOPLE_USER and MVVM_TUI_PEOPLE_PASSWORD, [people] user and password, or ~/.netrc")
        }
        return .loginNotSet(
            "the people server at \(place(of: server)) asks for \(user)'s password and none is set: "
                + "set MVVM_TUI_PEOPLE_PASSWORD, [people] password or ~/.netrc")
    }

    /// The server's host, and its port when the URL names one: `127.0.0.1:5232`.
    private static func place(of server: URL) -> String {
        let host = server.host ?? server.absoluteString
        return server.port.map { "\(host):\($0)" } ?? host
    }

    /// What a failure to reach `server` means, when it is one of setup: https against plain
    /// http, a certificate not trusted, a CA file (`certificateAuthorities`) that curl could not
    /// read; nil for any other.
    static func failure(for error: URLError, server: URL, certificateAuthorities: String?) -> PeopleAPIError? {
        let address = server.absoluteString
        let curlSays = error.userInfo[NSLocalizedDescriptionKey] as? String ?? ""
        switch error.code {
        case .secureConnectionFailed where answersPlainHTTP(curlSays):
            guard var plain = URLComponents(url: server, resolvingAgainstBaseURL: false) else { return nil }
            plain.scheme = "http"
            if let url = plain.url, (try? CardDAVPeopleAPI.checkTransport(url)) != nil {
                return .failed(
                    "the people server at \(address) answers plain http, not https: "
                        + "use \(url.absoluteString) (plain http goes only to this machine)")
            }
            return .failed(
                "the people server at \(address) answers plain http, not https: "
                    + "give the server's https address (the password goes only over https)")
        case .secureConnectionFailed:
            return .failed(
                "no secure connection could be made with the people server at \(place(of: server)) "
                    + "(\(curlSays)): check that it speaks https on that port")
        case .serverCertificateUntrusted where curlSays.contains("subject name") || curlSays.contains("does not match"):
            return .failed(
                "the people server's certificate is not made out to \(server.host ?? address): "
                    + "use the name the certificate names")
        case .serverCertificateUntrusted:
            let trusted = certificateAuthorities.map { "signed by \($0)" } ?? "trusted"
            return .failed(
                "the people server's certificate (\(place(of: server))) is not \(trusted): "
                    + "set [people] ca_file or MVVM_TUI_PEOPLE_CA_FILE to its CA's PEM file")
        case .cannotOpenFile:
            return certificateAuthorities.map { .failed(certificateAuthoritiesProblem(path: $0)) }
        default:
            return nil
        }
    }

    /// What is wrong with the CA file at `path`, which curl could not use: missing, a folder,
    /// unreadable, or holding no certificate.
    static func certificateAuthoritiesProblem(path: String) -> String {
        let what: String
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            what = "does not exist"
        } else if isFolder.boolValue {
            what = "is a folder"
        } else {
            switch firstBytes(of: path) {
            case .failure(let reason): what = "cannot be read (\(reason))"
            case .success(let text) where !text.contains("-----BEGIN CERTIFICATE-----"):
                what = "holds no PEM certificate (-----BEGIN CERTIFICATE-----)"
            case .success: what = "holds a certificate curl cannot use"
            }
        }
        return "the people server's CA file \(path) \(what): set [people] ca_file or MVVM_TUI_PEOPLE_CA_FILE "
            + "to a PEM file of certificates, or neither"
    }

    /// Whether curl's message says the server answered a TLS greeting with something else: an
    /// HTTP answer, read as a TLS record (OpenSSL: "wrong version number"; GnuTLS: "packet length").
    private static func answersPlainHTTP(_ curlSays: String) -> Bool {
        let text = curlSays.lowercased()
        return text.contains("wrong version number") || text.contains("packet length too long")
            || text.contains("unexpected packet length") || text.contains("an unexpected tls packet")
    }

    /// The first 1 MB of the file at `path` as text, or why it cannot be read.
    private static func firstBytes(of path: String) -> Result<String, FileProblem> {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return .failure(FileProblem(errno)) }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        let count = read(file, &buffer, buffer.count)
        guard count >= 0 else { return .failure(FileProblem(errno)) }
        return .success(String(decoding: buffer[0..<count], as: UTF8.self))
    }

    /// Why a file could not be read, as the C library says it, in lower case.
    private struct FileProblem: Error, CustomStringConvertible {
        let description: String

        init(_ code: Int32) {
            let text = String(cString: strerror(code))
            description = text.prefix(1).lowercased() + text.dropFirst()
        }
    }
}
