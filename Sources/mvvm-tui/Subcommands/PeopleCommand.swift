import ArgumentParser
import Binding
import Foundation
import Models
import Renderer
import Screens
import Services

/// `mvvm-tui people`: the People screen's list, its birthdays soon, or a vCard file imported or
/// exported, for a shell.
struct PeopleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "people",
        abstract: "Print the people the People screen lists, or import or export a vCard file.",
        discussion: """
            Everyone matching the filter, in the order, with the header's count and order. The \
            database is only read, and the order is not kept; --import and --sync change what is \
            kept, as the screen's i and its sync do, and --export writes the file it names. No \
            network unless --sync.
            """
    )

    @Option(help: "The order, for this run only: last, first or birthday (default: the app's).")
    var sort: SortOption?

    @Option(help: ArgumentHelp("Only the people the screen's filter finds with this text.", valueName: "text"))
    var filter: String?

    @Option(help: ArgumentHelp("Only the people whose birthday falls within DAYS days (0…366), soonest first.", valueName: "days"))
    var birthdays: Int?

    @Option(
        name: .customLong("import"),
        help: ArgumentHelp("Add the people of this vCard file (- for standard input), as the screen's i does.", valueName: "file"),
        completion: .file())
    var importFile: String?

    @Flag(help: "With --import: take the file's card for each person kept differently (newer here, no revision, deleted here).")
    var replace = false

    @Flag(name: .customLong("dry-run"), help: "With --import: say what the import would do, and change nothing.")
    var dryRun = false

    @Option(
        name: .customLong("export"),
        help: ArgumentHelp(
            "Write everyone, in the order, to this vCard file (- for standard output), as the screen's e does; a file there is replaced only with --force.",
            valueName: "file"), completion: .file())
    var exportFile: String?

    @Flag(help: "With --export: replace the file at its path, if there is one (else the export stops, exit status 1).")
    var force = false

    @Flag(help: "Sync with the people server first, as the app does when the screen opens (--people-api), keeping what it fetched.")
    var sync = false

    @Flag(
        name: .customLong("people-rebind"),
        help: "With --sync: move this data folder to the book --people-api names, from the one it syncs with, after asking.")
    var peopleRebind = false

    @OptionGroup var peopleServer: PeopleServerOptions

    @OptionGroup var options: SubcommandOptions

    @ParentCommand var app: MvvmTui

    func validate() throws {
        try app.refuseAppOptions(peopleServerAllowed: true)
        if let birthdays, !(0...366).contains(birthdays) {
            throw ValidationError("--birthdays: \(birthdays) is not a number of days from 0 to 366")
        }
        if importFile != nil, exportFile != nil {
            throw ValidationError("--import and --export: one file at a time")
        }
        if importFile == nil, replace || dryRun {
            throw ValidationError("--replace and --dry-run say how to import: they need --import FILE")
        }
        if force, exportFile == nil {
            throw ValidationError("--force replaces the file an export writes: it needs --export FILE")
        }
        if peopleRebind, !sync {
            throw ValidationError("--people-rebind moves the data folder to another book: it needs --sync")
        }
        if dryRun, sync {
            throw ValidationError("--dry-run changes nothing: not with --sync, which keeps what it fetches")
        }
        if sync, options.shared.offline {
            throw ValidationError("--sync and --offline: a sync needs the network")
        }
        if exportFile == StandardStreamFiles.dash, options.json {
            throw ValidationError("--export - writes the vCards to standard output: not with --json")
        }
        if filter != nil, importFile != nil || exportFile != nil {
            throw ValidationError("--filter lists people: not with --import or --export, which take everyone")
        }
        if birthdays != nil, importFile != nil || exportFile != nil || filter != nil || sort != nil {
            throw ValidationError("--birthdays lists the birthdays soon alone: no --filter, --sort, --import or --export")
        }
    }

    func run() throws {
        PrintoutRun.prepare()
        try MainActor.assumeIsolated {
            let transfers = importFile != nil || exportFile != nil
            let (readOnly, style) = try options.composition(peopleAPI: peopleServer.peopleApi, peopleBook: peopleServer.peopleBook)
            if sync, readOnly.choices.peopleServer == nil {
                PrintoutRun.write(MvvmTui.messagePrefix + "\(PeopleSyncStatusViewModel.noServerText)\n", to: STDERR_FILENO)
                throw ExitCode(1)
            }
            // An import adds people, and a sync keeps what it fetched and marks what it sent, as
            // the app's do: they write. An export only reads.
            let composition =
                (importFile != nil && !dryRun) || sync
                ? try options.composition(
                    peopleAPI: peopleServer.peopleApi, peopleBook: peopleServer.peopleBook, writable: true, warns: false
                ).0
                : readOnly
            if peopleRebind, let api = composition.peopleAPI() {
                try Self.rebind(SQLitePeopleStore(database: composition.database.open()), to: api.identity)
            }
            let viewModel = composition.people(
                sync: sync, order: sort?.order,
                birthdayWindow: birthdays ?? PeopleListViewModel.defaultBirthdayWindow,
                birthdaysShown: birthdays == nil ? 20 : .max, standardStreams: true)
            let part: PeoplePrintout.Part = transfers ? .news : birthdays != nil ? .birthdaysSoon : .list
            // The list reads the rows in view: all of them when they are printed, else one. While a
            // sync runs, one: each batch it commits reads the rows in view again, so the whole book
            // read at every batch made a sync's cost grow with the square of the book; every row is
            // read once, when the sync is done.
            let printsEveryone = part == .list
            viewModel.setVisibleRowCount(printsEveryone && !sync ? PeoplePrintout.everyone : 1)
            if let filter { viewModel.prompt.inputLineEdited(.insert(filter)) }
            // The vCards of `--export -` are standard output: the report goes to standard error.
            let printout = PeoplePrintout(
                viewModel: viewModel, part: part, showsSync: sync, newsToError: exportFile == StandardStreamFiles.dash)
            let readEveryone: @MainActor () -> Void = {
                if printsEveryone, sync { viewModel.setVisibleRowCount(PeoplePrintout.everyone) }
            }
            PrintoutRun.run(printout, json: options.json, style: style, whenIdle: readEveryone) {
                viewModel.screenAppeared()
                if let importFile {
                    // No keys to answer: the file goes in batches as large as a sync's.
                    viewModel.prompt.startImporting(ImportChoices(replacing: replace, dryRun: dryRun, inFewBatches: true))
                    viewModel.prompt.inputLineEdited(.insert(importFile))
                    viewModel.prompt.inputSubmitted()
                } else if let exportFile {
                    viewModel.prompt.startExporting(replacing: force)
                    viewModel.prompt.inputLineEdited(.deleteToStart)
                    viewModel.prompt.inputLineEdited(.insert(exportFile))
                    viewModel.prompt.inputSubmitted()
                }
            }
        }
    }
}

extension PeopleCommand {
    /// Binds `store` to `book` when it is bound to another, after saying what that does and
    /// reading yes on standard input; anything else leaves it as it is, and exits with status 1.
    @MainActor
    static func rebind(_ store: SQLitePeopleStore, to book: String) throws {
        guard let kept = try store.boundBook(), kept != book else { return }
        let count = try store.count(matching: "")
        PrintoutRun.write(
            """
            This data folder syncs with \(BookMismatch.readable(kept)).
            --people-rebind forgets its links to that book and sends the \(count == 1 ? "1 person" : "\(count.grouped) people") kept here to \
            \(BookMismatch.readable(book)); the cards stay in the first book too.
            Rebind? [y/N] 
            """, to: STDERR_FILENO)
        guard let answer = readLine(), ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased()) else {
            PrintoutRun.write(MvvmTui.messagePrefix + "not rebound; nothing changed\n", to: STDERR_FILENO)
            throw ExitCode(1)
        }
        try store.rebind(to: book)
    }
}

/// `--sort` as typed.
enum SortOption: String, CaseIterable, ExpressibleByArgument {
    case last, first, birthday

    var order: PersonSortOrder {
        switch self {
        case .last: .lastName
        case .first: .firstName
        case .birthday: .nextBirthday
        }
    }
}
