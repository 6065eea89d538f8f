import Foundation

/// The JSON documents as Docs/CommandLine.md describes them, read from its tables ("### Object
/// `name`", then `| Key | Type | Holds |`): what `DocumentSchemaTests` holds every printed
/// document to.
struct DocumentSchema {
    /// A key's type as a table writes it: `string`, `integer, optional`, `array of person`.
    struct KeyType: Equatable, CustomStringConvertible {
        var base: String
        var isOptional: Bool
        var description: String { base + (isOptional ? ", optional" : "") }
    }

    /// Each object's keys and their types, by the object's name.
    let objects: [String: [String: KeyType]]

    /// The page.
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Docs/CommandLine.md")

    /// The tables of `text`.
    init(markdown text: String) {
        var objects: [String: [String: KeyType]] = [:]
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                current = line.hasPrefix("### Object `") ? String(line.dropFirst("### Object `".count).dropLast()) : nil
                if let current { objects[current] = [:] }
                continue
            }
            guard let current, line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { continue }
            let key = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let type = cells[2].replacingOccurrences(of: "`", with: "")
            let optional = type.hasSuffix(", optional")
            objects[current]?[key] = KeyType(base: optional ? String(type.dropLast(", optional".count)) : type, isOptional: optional)
        }
        self.objects = objects
    }

    /// What in `value`, held to object `name`, is not as the tables say; `seen` gathers the
    /// keys met, as `object.key`.
    func problems(in value: JSONValue, as name: String, at path: String = "", seen: inout Set<String>) -> [String] {
        guard let keys = objects[name] else { return ["\(path): no table for the object \(name)"] }
        guard case .object(let fields) = value else { return ["\(path): not an object (\(name))"] }
        var problems: [String] = []
        for (key, type) in keys where !type.isOptional && fields[key] == nil {
            problems.append("\(path).\(key): missing (\(name))")
        }
        for (key, field) in fields.sorted(by: { $0.key < $1.key }) {
            guard let type = keys[key] else {
                problems.append("\(path).\(key): not in the table of \(name)")
                continue
            }
            seen.insert("\(name).\(key)")
            problems += self.problems(in: field, of: type.base, at: "\(path).\(key)", seen: &seen)
        }
        return problems
    }

    private func problems(in value: JSONValue, of type: String, at path: String, seen: inout Set<String>) -> [String] {
        if type.hasPrefix("array of ") {
            guard case .array(let items) = value else { return ["\(path): not an array"] }
            let element = String(type.dropFirst("array of ".count))
            return items.enumerated().flatMap { problems(in: $1, of: element, at: "\(path)[\($0)]", seen: &seen) }
        }
        if objects[type] != nil { return problems(in: value, as: type, at: path, seen: &seen) }
        let fits: Bool
        switch (type, value) {
        case ("string", .string), ("boolean", .bool), ("integer", .integer), ("number", .integer), ("number", .number): fits = true
        case ("date", .string(let text)): fits = text.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil
        case ("date-time", .string(let text)): fits = text.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/) != nil
        default: fits = false
        }
        return fits ? [] : ["\(path): \(value) is not of the type \(type)"]
    }
}

/// A JSON value as its text has it: an integer apart from a number with a fraction.
indirect enum JSONValue: Decodable, CustomStringConvertible {
    case string(String), integer(Int), number(Double), bool(Bool), array([JSONValue]), object([String: JSONValue]), null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    var description: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .integer(let value): "\(value)"
        case .number(let value): "\(value)"
        case .bool(let value): "\(value)"
        case .array(let items): "[\(items.count) items]"
        case .object(let fields): "{\(fields.keys.sorted().joined(separator: ", "))}"
        case .null: "null"
        }
    }
}
