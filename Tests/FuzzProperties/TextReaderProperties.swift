import Foundation
import Services

/// The config file and `~/.netrc`, whatever their bytes, are read the same way every time into
/// values the program can use.
enum TextReaderProperties {
    static func checkConfig(_ bytes: [UInt8]) -> [String] {
        var findings = Findings()
        let text = String(decoding: bytes, as: UTF8.self)
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        let first = Result { () throws(ConfigFile.Problem) in try ConfigFile.parse(text, path: "config.toml") }
        let second = Result { () throws(ConfigFile.Problem) in try ConfigFile.parse(text, path: "config.toml") }
        findings.expect(first == second, "read twice, the same settings or problem")
        switch first {
        case .success(let file):
            for (name, value) in file.settings {
                guard let key = ConfigFile.keys.first(where: { $0.name == name }) else {
                    findings.expect(false, "a setting only for a known key: \(name)")
                    continue
                }
                findings.expect(fits(value, key.kind), "\(name)'s value fits its kind: \(value.debugDescription)")
                if let line = file.line(of: name) {
                    findings.expect((1...lineCount).contains(line), "\(name)'s line is in the file: \(line)")
                }
            }
        case .failure(let problem):
            findings.expect(problem.line.map { $0 >= 0 } ?? true, "a problem's line is not below 0: \(problem)")
        }
        return findings.broken
    }

    static func checkNetrc(_ bytes: [UInt8]) -> [String] {
        var findings = Findings()
        let text = String(decoding: bytes, as: UTF8.self)
        let netrc = Netrc(text: text)
        findings.expect(netrc == Netrc(text: text), "read twice, the same entries")
        // The first entry for a machine with a password is the one asked; with a login, it gives both.
        for entry in netrc.entries {
            guard let host = entry.machine, let login = entry.login, let password = entry.password,
                netrc.entries.first(where: { $0.machine?.lowercased() == host.lowercased() && $0.password != nil }) == entry
            else { continue }
            let found = netrc.credentials(forHost: host, user: nil)
            findings.expect(
                found == HTTPCredentials(user: login, password: password),
                "the first entry for \(host.debugDescription) gives its login and password")
        }
        return findings.broken
    }

    private static func fits(_ value: String, _ kind: ConfigFile.Kind) -> Bool {
        switch kind {
        case .text: true
        case .flag: value == "true" || value == "false"
        case .choice(let choices): choices.contains(value)
        case .whole(let range): Int(value).map(range.contains) ?? false
        }
    }
}
