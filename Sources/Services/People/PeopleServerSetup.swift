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
/// PeopleServerSetup.loginNotSet(user: "ada", server: url).message
/// // "the people server at https://dav.example.org/ asks for ada's password and none is set: …"
/// ```
enum PeopleServerSetup {
    /// The server asked for a login (401) and `user` was sent with no password (or no user at all).
    static func loginNotSet(user: String?, server: URL) -> PeopleAPIError {
        let host = server.host ?? "its host"
        guard let user else {
            return .loginNotSet("the people server at \(server.absoluteString) asks for a user and password and none is set: "
                + "set MVVM_TUI_PEOPLE_USER and MVVM_TUI_PEOPLE_PASSWORD, [people] user and password in the config file, "
                + "or a login for \(host) in ~/.netrc")
        }
        return .loginNotSet("the people server at \(server.absoluteString) asks for \(user)'s password and none is set: "
            + "set MVVM_TUI_PEOPLE_PASSWORD, [people] password in the config file, or a login for \(host) in ~/.netrc")
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
                return .failed("the people server at \(address) answers plain http, not https: "
                    + "use \(url.absoluteString) (plain http goes only to this machine)")
            }
            return .failed("the people server at \(address) answers plain http, not https: "
                + "give the server's https address (the password goes only over https)")
        case .secureConnectionFailed:
            return .failed("no secure connection could be made with the people server at \(address) (\(curlSays)): "
                + "check that it speaks https on that port")
        case .serverCertificateUntrusted where curlSays.contains("subject name") || curlSays.contains("does not match"):
            return .failed("the certificate of the people server at \(address) is not made out to \(server.host ?? "its host"): "
                + "use the name the certificate names")
        case .serverCertificateUntrusted:
            if let certificateAuthorities {
                return .failed("the certificate of the people server at \(address) is not signed by the CA file "
                    + "\(certificateAuthorities): set [people] ca_file or MVVM_TUI_PEOPLE_CA_FILE to the PEM file "
                    + "of its CA, or of the certificate itself")
            }
            return .failed("the certificate of the people server at \(address) is not trusted by this machine: "
                + "set [people] ca_file or MVVM_TUI_PEOPLE_CA_FILE to the PEM file of its CA, or of the certificate itself")
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
                what = "holds no certificate in PEM form (-----BEGIN CERTIFICATE-----)"
            case .success: what = "holds a certificate curl cannot use"
            }
        }
        return "the CA file for the people server, \(path), \(what): set [people] ca_file or MVVM_TUI_PEOPLE_CA_FILE "
            + "to a PEM file of the certificates to trust, or neither for the system's"
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
