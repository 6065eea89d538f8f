import Foundation
import Testing
import TestSupport

/// The shells' completions offer files and folders where an option takes one: bash is run on its
/// script; zsh's and fish's scripts are read for the completer each option names.
struct CompletionTests {
    /// The options that take a file, or a folder (`data-dir`), by the command they belong to.
    static let fileOptions = [
        ("", "--config"), ("", "--trace"), ("people ", "--import"), ("people ", "--export"), ("weather ", "--config"),
    ]

    /// What bash's completion function offers for `line`, typed in `folder`.
    private func bashOffers(_ line: String, script: String, in folder: String) async throws -> Set<String> {
        let command = #"""
            cd "$3" && source "$1" || exit 1
            COMP_LINE=$2
            COMP_POINT=${#COMP_LINE}
            read -r -a COMP_WORDS <<<"$COMP_LINE"
            [[ $COMP_LINE == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            _mvvm-tui mvvm-tui "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\n' "${COMPREPLY[@]}"
            """#
        let result = try await runToEnd("bash", ["--norc", "--noprofile", "-c", command, "_", script, line, folder])
        #expect(result.status == 0, "\(result.error)")
        return Set(result.output.split(separator: "\n").map(String.init))
    }

    private func script(_ shell: String) async throws -> String {
        let result = try await runToEnd(try ProgramUnderTest.path(), ["--generate-completion-script", shell])
        #expect(result.status == 0)
        return result.output
    }

    @Test func bashCompletesFilesAndFoldersAfterTheOptionsThatTakeThem() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mvvm-tui-completion-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/cards", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "".write(toFile: folder + "/people.vcf", atomically: true, encoding: .utf8)
        try "".write(toFile: folder + "/config.toml", atomically: true, encoding: .utf8)
        let script = folder + "/mvvm-tui.bash"
        try await self.script("bash").write(toFile: script, atomically: true, encoding: .utf8)
        for (command, option) in Self.fileOptions {
            let offered = try await bashOffers("mvvm-tui \(command)\(option) ", script: script, in: folder)
            #expect(offered.isSuperset(of: ["people.vcf", "config.toml", "cards"]), "\(command)\(option): \(offered)")
        }
        #expect(try await bashOffers("mvvm-tui people --import p", script: script, in: folder) == ["people.vcf"])
        let folders = try await bashOffers("mvvm-tui --data-dir ", script: script, in: folder)
        #expect(folders.contains("cards") && !folders.contains("people.vcf"), "\(folders)")
        #expect(try await bashOffers("mvvm-tui games --data-dir c", script: script, in: folder) == ["cards"])
    }

    @Test func zshAndFishNameTheirFileAndFolderCompleters() async throws {
        let zsh = try await script("zsh")
        let fish = try await script("fish")
        for (_, option) in Self.fileOptions {
            let name = String(option.dropFirst(2))
            #expect(
                zsh.split(separator: "\n").contains { $0.contains("'\(option)[") && $0.hasSuffix(":_files'") }, "zsh \(option)")
            #expect(fish.split(separator: "\n").contains { $0.contains("-l '\(name)'") && $0.hasSuffix(" -rF") }, "fish \(option)")
        }
        #expect(zsh.split(separator: "\n").contains { $0.contains("'--data-dir[") && $0.hasSuffix(":_files -/'") })
        #expect(fish.split(separator: "\n").contains { $0.contains("-l 'data-dir'") && $0.contains("__mvvm-tui_complete_directories") })
    }
}
