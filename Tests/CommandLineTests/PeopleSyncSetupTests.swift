import Foundation
import Testing
import TestSupport

/// `mvvm-tui people --sync` set up wrongly, against Radicale on loopback: what the program says
/// names the mistake and the setting that mends it.
@Suite(.startsProcesses) struct PeopleSyncSetupTests {
    /// The `people --sync` run's error output with `environment` and, when given, a config file
    /// holding `config`.
    private func syncError(_ environment: [String: String], config: String? = nil) async throws -> String {
        let subcommand = try Subcommand(environment: environment)
        defer { try? FileManager.default.removeItem(atPath: subcommand.dataDirectory) }
        if let config {
            let folder = subcommand.dataDirectory + "/config/mvvm-tui"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            #expect(
                FileManager.default.createFile(
                    atPath: folder + "/config.toml", contents: Data(config.utf8),
                    attributes: [.posixPermissions: 0o600]))
        }
        let result = try await subcommand.run(["people", "--sync"])
        #expect(result.status == 1)
        return result.error
    }

    @Test func noPasswordSetIsNotARefusedPassword() async throws {
        let server = try await RadicaleServer.start()
        defer { server.stop() }
        let error = try await syncError(["MVVM_TUI_PEOPLE_API": server.baseURL.absoluteString, "MVVM_TUI_PEOPLE_USER": "ada"])
        #expect(
            error == "mvvm-tui: Sync failed: the people server at 127.0.0.1:\(server.port) asks for ada's password "
                + "and none is set: set MVVM_TUI_PEOPLE_PASSWORD, [people] password or ~/.netrc\n")
    }

    @Test func theFilesPasswordIsNotSentForAUserOfTheEnvironment() async throws {
        let server = try await RadicaleServer.start(user: "ada", password: "ada's secret")
        defer { server.stop() }
        let config = """
            [people]
            url = "\(server.baseURL.absoluteString)"
            user = "ada"
            password = "ada's secret"
            """
        // Radicale would take ada's password from anyone who names ada; for bob it must not go at all.
        let error = try await syncError(["MVVM_TUI_PEOPLE_USER": "bob"], config: config)
        #expect(error.contains("asks for bob's password and none is set"), "\(error)")
    }

    @Test func httpsToAPortOfPlainHTTPIsSaidSo() async throws {
        let server = try await RadicaleServer.start()
        defer { server.stop() }
        let error = try await syncError([
            "MVVM_TUI_PEOPLE_API": "https://127.0.0.1:\(server.port)/", "MVVM_TUI_PEOPLE_USER": "ada",
            "MVVM_TUI_PEOPLE_PASSWORD": server.password,
        ])
        #expect(
            error == "mvvm-tui: Sync failed: the people server at https://127.0.0.1:\(server.port)/ answers plain http, "
                + "not https: use http://127.0.0.1:\(server.port)/ (plain http goes only to this machine)\n")
    }

    @Test func aMissingCAFileIsNamed() async throws {
        let server = try await RadicaleServer.start(https: true)
        defer { server.stop() }
        let missing = "/nonexistent-\(UUID().uuidString)/ca.pem"
        let error = try await syncError([
            "MVVM_TUI_PEOPLE_API": server.baseURL.absoluteString, "MVVM_TUI_PEOPLE_USER": "ada",
            "MVVM_TUI_PEOPLE_PASSWORD": server.password, "MVVM_TUI_PEOPLE_CA_FILE": missing,
        ])
        #expect(
            error == "mvvm-tui: Sync failed: the people server's CA file \(missing) does not exist: set [people] ca_file "
                + "or MVVM_TUI_PEOPLE_CA_FILE to a PEM file of certificates, or neither\n")
    }
}
