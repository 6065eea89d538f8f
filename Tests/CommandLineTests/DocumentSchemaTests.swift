import Foundation
import Testing
import TestSupport

/// Every JSON document the subcommands print is the one Docs/CommandLine.md describes: each key
/// in its table with the table's type, none missing, none more; every key the tables list is met
/// in one of these runs; and a key has one type in every table.
@MainActor
struct DocumentSchemaTests {
    let schema = DocumentSchema(markdown: try! String(contentsOf: DocumentSchema.page, encoding: .utf8))

    /// The vCards imported: a birthday with and without a year, one written otherwise, and
    /// addresses and numbers with kinds and without.
    static let cards = """
        BEGIN:VCARD\r\nVERSION:3.0\r\nUID:ada\r\nFN:Ada Lovelace\r\nN:Lovelace;Ada;;Countess;\r\nBDAY:1815-12-10\r
        EMAIL;TYPE=work:ada@example.org\r\nTEL;TYPE=cell:+44 20 7946 0000\r\nEND:VCARD\r
        BEGIN:VCARD\r\nVERSION:4.0\r\nUID:grace\r\nFN:Grace Hopper\r\nN:Hopper;Grace;;;\r\nBDAY:--12-09\r
        EMAIL:grace@example.org\r\nEND:VCARD\r
        BEGIN:VCARD\r\nVERSION:4.0\r\nUID:heron\r\nFN:Heron\r\nN:;Heron;;;\r\nBDAY;VALUE=text:circa 10\r\nEND:VCARD\r

        """

    /// The runs, each with the object its document is and the status it ends with.
    static let runs: [(arguments: [String], object: String, status: Int32)] = [
        (["weather", "Paris", "--offline", "--json"], "weather", 0),
        (["weather", "Paris", "--json"], "weather", 1),
        (["weather", "Qwxyzzz", "--offline", "--json"], "weather", 1),
        (["movies", "--offline", "--json", "--limit", "3"], "movies", 0),
        (["search", "star", "wars", "--offline", "--json", "--limit", "3"], "search", 0),
        (["search", "qqqzzzqqq", "--offline", "--json"], "search", 1),
        (["people", "--json"], "people", 0),
        (["people", "--birthdays", "366", "--json"], "people", 0),
        (["people", "--filter", "zzz", "--json"], "people", 1),
        (["people", "--sync", "--json"], "people", 1),
        (["games", "--json"], "games", 0),
    ]

    @Test func everyPrintedDocumentIsTheOneTheTablesDescribe() async throws {
        let subcommand = try Subcommand(environment: [
            // No network: the live weather and the people server are on a port nothing answers.
            "MVVM_TUI_OPEN_METEO_URL": "http://127.0.0.1:9/", "MVVM_TUI_OPEN_METEO_GEOCODING_URL": "http://127.0.0.1:9/",
            "MVVM_TUI_PEOPLE_API": "http://127.0.0.1:9/", "MVVM_TUI_PEOPLE_USER": "u", "MVVM_TUI_PEOPLE_PASSWORD": "p",
        ])
        try GamesSubcommandTests.fill(subcommand.dataDirectory + "/mvvm-tui.sqlite")
        let file = subcommand.dataDirectory + "/cards.vcf"
        try Self.cards.write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try await subcommand.run(["people", "--import", file, "--json"])
        var seen: Set<String> = []
        let exported = try await subcommand.run(["people", "--export", subcommand.dataDirectory + "/everyone.vcf", "--json"])
        var printed = [
            (["people", "--import", file, "--json"], "people", imported, Int32(0)), (["people", "--export"], "people", exported, 0),
        ]
        for run in Self.runs {
            printed.append((run.arguments, run.object, try await subcommand.run(run.arguments), run.status))
        }
        for (arguments, object, result, status) in printed {
            let command = arguments.joined(separator: " ")
            #expect(result.status == status, "\(command): \(result.error)")
            let document = try JSONDecoder().decode(JSONValue.self, from: Data(result.output.utf8))
            let problems = schema.problems(in: document, as: object, seen: &seen)
            #expect(problems.isEmpty, "\(command): \(problems.joined(separator: "; "))")
        }
        let documented = Set(schema.objects.flatMap { object, keys in keys.keys.map { "\(object).\($0)" } })
        // A kept report needs live weather first, which these runs never have.
        #expect(documented.subtracting(seen) == ["weather.keptAt"], "documented and never printed")
    }

    @Test func aKeyHasOneTypeInEveryTable() {
        var types: [String: Set<String>] = [:]
        for keys in schema.objects.values {
            for (key, type) in keys { types[key, default: []].insert(type.base) }
        }
        #expect(types.filter { $0.value.count > 1 }.isEmpty)
        #expect(schema.objects.count == 11)
        #expect(types["matchCount"] == ["integer"])
    }
}
