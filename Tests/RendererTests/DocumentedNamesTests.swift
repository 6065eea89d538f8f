import Foundation
import Testing

/// Docs/Tour.md, Docs/Architecture.md and the README name only what the code declares and files
/// that are there, so a reader who follows them finds every name they mention. The check is
/// textual: a backticked name (`WeatherScreen`, `handle(_:)`, `ShellView.layout(size:)`,
/// `bindAndFire`) or a name in a diagram must be declared (`struct`, `func`, `case`, …) under
/// Sources/ or Tests/, a member in a file that declares or extends its type; a `File.swift` or
/// a `Sources/…` path must exist.
struct DocumentedNamesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let documents = ["Docs/Tour.md", "Docs/Architecture.md", "README.md"]

    /// Names the documents cite on purpose that this code does not declare.
    static let citedOnPurpose: Set<String> = [
        // The seed tutorials' types, which the Tour puts beside ours.
        "Box", "bind(listener:)", "BehaviorRelay", "MovieListViewViewModel",
        "GameScoreboardEditorViewModel", "PlayerScoreboardMoveEditorViewModel",
        // TCA's and Elm's, in the Tour's table "If you know TCA or Elm".
        "Reducer", "reduce(into:action:)", "Effect", "Store", "TestStore", "ViewStore",
        "Model", "Msg", "Cmd", "Html",
        // Swift's, Foundation's, Dispatch's and ncurses'.
        "Duration", "Task", "DispatchSource", "DispatchQueue", "dispatchMain()", "endwin()",
        // The compiler's: the upcoming feature the Renderer is built with.
        "MemberImportVisibility",
    ]

    @Test(arguments: documents)
    func everyNameTheDocumentCitesIsDeclared(document: String) throws {
        let code = try Code.read(from: Self.root)
        let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
        let fences = matches(#"(?ms)^```(\w*)\n(.*?)^```"#, in: text)
        let prose = fences.reduce(text) { $0.replacingOccurrences(of: $1[0]!, with: "") }
        var unknown: [String] = []
        for span in matches(#"`([^`\n]+)`"#, in: prose).map({ $0[1]!.trimmingCharacters(in: .whitespaces) })
        where !Self.citedOnPurpose.contains(span) && !code.knows(span: span) {
            unknown.append(span)
        }
        for diagram in fences where diagram[1]!.isEmpty {
            for name in matches(#"\b([A-Z][a-z]+[A-Z]\w*|[A-Z][a-z]\w*(?=\.\w))(?:\.(\w+))?"#, in: diagram[2]!) {
                let (type, member) = (name[1]!, name[2])
                if Self.citedOnPurpose.contains(type) { continue }
                if !code.declared.contains(type) || member.map({ !code.declares($0, in: type) }) == true {
                    unknown.append(name[0]!)
                }
            }
            for name in matches(#"(?:^|[^\w.])(_[a-z]\w*)"#, in: diagram[2]!) where !code.declared.contains(name[1]!) {
                unknown.append(name[1]!)
            }
            // A call with its first label: `draw(into: surface)`, `change(to: next)`.
            for call in matches(#"\b([a-z]\w*)\((\w+):"#, in: diagram[2]!) where !code.declares(call[1]!, firstLabel: call[2]!) {
                unknown.append(call[0]!)
            }
        }
        #expect(unknown.isEmpty, "\(document) names what the code does not declare: \(unknown)")
    }

    @Test(arguments: documents)
    func everyFileTheDocumentCitesIsThere(document: String) throws {
        let code = try Code.read(from: Self.root)
        let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
        var missing: [String] = []
        // `Sources/Screens/Work/`, Tests/ScreensTests/MovieSearchTests.swift: from the top.
        for path in matches(#"\b(?:Sources|Tests|Docs|Scripts)/[\w/+.-]*\w"#, in: text).map({ $0[0]! })
        where !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path) {
            missing.append(path)
        }
        // MovieSearchViewModel.swift, Terminal/EventLoop.swift: somewhere in the tree.
        for file in matches(#"[\w/+-]+\.swift\b"#, in: text).map({ $0[0]! })
        where !code.files.contains(where: { "/\($0)".hasSuffix("/\(file)") }) {
            missing.append(file)
        }
        #expect(missing.isEmpty, "\(document) cites files that are not there: \(missing)")
    }
}

/// What the package declares, read as text.
private struct Code {
    /// Every file's path from the package's root.
    var files: [String] = []
    /// Each Swift file's text, by path.
    var sources: [String: String] = [:]
    /// Every name a declaration gives, and the modules' and source folders' names.
    var declared: Set<String> = []

    static func read(from root: URL) throws -> Code {
        var code = Code()
        code.files = ["Package.swift", "Makefile"]
        for top in ["Sources", "Tests", "Benchmarks"] {
            for path in try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent(top).path) {
                code.files.append("\(top)/\(path)")
                var isFolder: ObjCBool = false
                if top == "Sources",
                    FileManager.default.fileExists(atPath: root.appendingPathComponent("Sources/\(path)").path, isDirectory: &isFolder),
                    isFolder.boolValue
                {
                    code.declared.insert(URL(fileURLWithPath: path).lastPathComponent)
                }
                if path.hasSuffix(".swift") && top != "Benchmarks" {
                    code.sources["\(top)/\(path)"] = try String(contentsOf: root.appendingPathComponent("\(top)/\(path)"), encoding: .utf8)
                }
            }
        }
        for text in code.sources.values {
            for name in matches(#"\b(?:struct|class|enum|protocol|actor|typealias|associatedtype|func|var|let)\s+`?(\w+)"#, in: text) {
                code.declared.insert(name[1]!)
            }
            // Every name of a `case a, b(Int), c` list.
            for list in matches(#"\bcase\s+([^\n=:]+)"#, in: text) {
                for name in matches(#"(?:^|,)\s*(\w+)"#, in: list[1]!) { code.declared.insert(name[1]!) }
            }
        }
        let package = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for module in matches(#"name: "([\w-]+)""#, in: package) { code.declared.insert(module[1]!) }
        return code
    }

    /// Whether `member` is declared in a file that declares or extends `type`.
    func declares(_ member: String, in type: String) -> Bool {
        let owner = #"\b(?:struct|class|enum|protocol|actor|extension)\s+"# + NSRegularExpression.escapedPattern(for: type) + #"\b"#
        let declaration =
            #"\b(?:struct|class|enum|protocol|actor|typealias|func|var|let|case)\s+"#
            + NSRegularExpression.escapedPattern(for: member) + #"\b|\bcase\s[^\n]*\b"# + NSRegularExpression.escapedPattern(for: member)
            + #"\b"#
        return sources.values.contains { !matches(owner, in: $0).isEmpty && !matches(declaration, in: $0).isEmpty }
    }

    /// Whether a function, enum case or initialiser `name` takes `label` first (`_` for none).
    func declares(_ name: String, firstLabel label: String) -> Bool {
        let pattern =
            #"\b(?:func|case)\s+"# + NSRegularExpression.escapedPattern(for: name) + #"\s*(?:<[^>]*>)?\(\s*"#
            + NSRegularExpression.escapedPattern(for: label) + #"[\s:]"#
        return sources.values.contains { !matches(pattern, in: $0).isEmpty }
    }

    /// Whether a backticked span that looks like a Swift name names something declared; a span
    /// that does not look like one (a command, a flag, a key, a value) passes.
    func knows(span: String) -> Bool {
        if span.contains("/") || span.hasSuffix(".swift") { return true }  // a path: the other test's
        // A type, alone, generic or called: `Dynamic<T>`, `InputLineView(prompt:line:isFocused:)`.
        if let type = matches(#"^([A-Z][A-Za-z0-9]*)(?:<.*>|\([\w:]*\))?$"#, in: span).first {
            return !type[1]!.contains(where: \.isLowercase) || declared.contains(type[1]!)
                || DocumentedNamesTests.citedOnPurpose.contains(type[1]!)
        }
        // A member, called: `searchNow(_:)`, `ShellView.layout(size:)`, `_summary.change(to:)`.
        if let call = matches(#"^(?:(\w+)\.)?(_?[a-z]\w*)\(((?:\w*:)*)\)$"#, in: span).first {
            let (owner, name, labels) = (call[1], call[2]!, call[3]!)
            if let owner, DocumentedNamesTests.citedOnPurpose.contains(owner) { return true }
            if let owner, !declared.contains(owner) { return false }
            if let owner, owner.first!.isUppercase, !declares(name, in: owner) { return false }
            guard declared.contains(name) else { return false }
            let label = labels.split(separator: ":", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            return label.isEmpty || declares(name, firstLabel: label)
        }
        // A member: `KeyTable.shell`, `Duration.nanoseconds`.
        if let member = matches(#"^([A-Z]\w*)\.(\w+)$"#, in: span).first {
            if DocumentedNamesTests.citedOnPurpose.contains(member[1]!) { return true }
            return declared.contains(member[1]!) && declares(member[2]!, in: member[1]!)
        }
        // A property, an enum case or a function by name: `bindAndFire`, `isBusy`, `.toggleUnit`.
        if let name = matches(#"^\.?(_?[a-z][a-z0-9]*[A-Z]\w*)$"#, in: span).first {
            return declared.contains(name[1]!)
        }
        return true
    }
}

/// Every match of `pattern` in `text`, each as its whole match and its groups (nil where a
/// group took no part).
private func matches(_ pattern: String, in text: String) -> [[String?]] {
    let regex = try! NSRegularExpression(pattern: pattern)
    return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
        (0..<match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
    }
}
