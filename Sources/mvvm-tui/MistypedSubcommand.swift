import ArgumentParser

/// A word the root command took for no option and no subcommand, near enough to a subcommand's
/// name to be a typo of it: `mvvm-tui wether Paris` means `mvvm-tui weather Paris`.
///
/// ArgumentParser suggests the nearest option for an unknown one, but says only `2 unexpected
/// arguments` for an unknown subcommand. The parser itself still says where the word stands: a
/// bare word after arguments the root parses alone is one the root was given as an argument (an
/// option's value would leave those arguments unparsable without it).
struct MistypedSubcommand {
    /// The word as typed.
    let word: String
    /// The subcommand's name it is nearest to.
    let suggestion: String

    /// The sentence a user reads, as ArgumentParser words an unknown option.
    var message: String { "Unknown subcommand '\(word)'. Did you mean '\(suggestion)'?" }

    /// How far a word may be from a name and still be taken for a typo of it: two letters left
    /// out, added, changed or swapped.
    static let farthest = 2

    /// The typo among `arguments` (the command line without the program's name), or nil when the
    /// first word that is no option's value is a subcommand, or near no subcommand's name.
    static func find(in arguments: [String]) -> MistypedSubcommand? {
        let names = subcommandNames
        for (index, word) in arguments.enumerated() where !word.hasPrefix("-") {
            if names.contains(word) { return nil }
            // An option's value: the arguments before it do not parse without it.
            guard (try? MvvmTui.parseAsRoot(Array(arguments[..<index]))) != nil else { continue }
            let nearest = names.map { (name: $0, distance: EditDistance.between(word.lowercased(), $0)) }
                .min { $0.distance < $1.distance }
            guard let nearest, nearest.distance <= farthest else { return nil }
            return MistypedSubcommand(word: word, suggestion: nearest.name)
        }
        return nil
    }

    /// Every name the root command answers as a subcommand, in the order of its help, `help` last.
    static var subcommandNames: [String] {
        MvvmTui.configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases } + ["help"]
    }
}

/// How many letters must be left out, added, changed, or swapped with the next to make one word
/// of another (the optimal string alignment distance), by character.
enum EditDistance {
    static func between(_ source: String, _ target: String) -> Int {
        let source = Array(source)
        let target = Array(target)
        guard !source.isEmpty else { return target.count }
        guard !target.isEmpty else { return source.count }
        // Three rows of the table: the one before last, the last, and the one being filled.
        var beforeLast = [Int](repeating: 0, count: target.count + 1)
        var last = Array(0...target.count)
        var current = [Int](repeating: 0, count: target.count + 1)
        for row in 1...source.count {
            current[0] = row
            for column in 1...target.count {
                let change = source[row - 1] == target[column - 1] ? 0 : 1
                current[column] = min(last[column] + 1, current[column - 1] + 1, last[column - 1] + change)
                if row > 1, column > 1, source[row - 1] == target[column - 2], source[row - 2] == target[column - 1] {
                    current[column] = min(current[column], beforeLast[column - 2] + 1)
                }
            }
            (beforeLast, last, current) = (last, current, beforeLast)
        }
        return last[target.count]
    }
}
