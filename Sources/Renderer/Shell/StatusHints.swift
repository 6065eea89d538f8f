import Screens

/// One key of the status line: the keys as the help writes them, their few words, the keys they
/// stand for, and what the hint stands for when the line keeps it at its end.
public struct StatusHint: Equatable, Sendable {
    /// The keys as the help writes them: `↑ ↓`, `Esc`.
    public let key: String
    /// What they do, in a word or two.
    public let hint: String
    /// The keys the hint stands for.
    public let keys: Set<Key>
    /// The help's or quitting's key, kept at the line's end; nil for the others.
    public let pin: KeyPin?
}

/// What the status line lists in the scopes that apply now: each hint whose keys do what it says
/// there, once, and one key for the help and one for quitting at the end.
struct StatusHints: Equatable {
    /// The hints from the left: the open screen's first, the ones that work anywhere last.
    var lead: [StatusHint]
    /// The help's and quitting's keys, kept at the line's end at any width.
    var pinned: [StatusHint]

    /// One active scope: its hints (the shell's and the screen's) and every key bound there.
    struct Scope {
        let scope: KeyScope
        let hints: [StatusHint]
        let keys: Set<Key>
    }

    /// While a notice shows: any key closes it, and only Ctrl-C does more (`ShellView`).
    static let notice = StatusHints(
        lead: [StatusHint(key: "any key", hint: "close the notice", keys: [], pin: nil)],
        pinned: [StatusHint(key: "Ctrl-C", hint: "quit", keys: [.control("c")], pin: .quit)])

    init(lead: [StatusHint], pinned: [StatusHint]) {
        self.lead = lead
        self.pinned = pinned
    }

    /// Chooses from `scopes`, given in the order a key is offered to them (anywhere first): a hint
    /// whose keys an earlier scope answers is dropped, since those keys do something else; of the
    /// pinned hints, the one of the latest scope stands for the help, and for quitting (`?` on a
    /// screen, F1 while typing).
    init(_ scopes: [Scope]) {
        var answered: Set<Key> = []
        var kept: [(scope: KeyScope, hint: StatusHint)] = []
        for scope in scopes {
            for hint in scope.hints where hint.keys.isDisjoint(with: answered) { kept.append((scope.scope, hint)) }
            answered.formUnion(scope.keys)
        }
        pinned = [KeyPin.help, .quit].compactMap { pin in kept.last { $0.hint.pin == pin }?.hint }
        let unpinned = kept.filter { $0.hint.pin == nil }
        lead = (unpinned.filter { $0.scope != .everywhere } + unpinned.filter { $0.scope == .everywhere }).map(\.hint)
    }

    /// Chooses from the `scopes` that apply, in the shell's table and the open `screen`'s; `/`
    /// only where there is an `inputLine` to go to, and Enter only where it submits something.
    @MainActor
    init(_ scopes: [KeyScope], shell: KeyTable<Command>, screen: (any ScreenView)?, inputLine: InputLineUser?) {
        let submits = inputLine?.submitsOnEnter ?? false
        func shown(_ binding: KeyBinding<Command>) -> Bool {
            let commands = binding.actions.values
            return (inputLine != nil || !commands.contains(.focusInput)) && (submits || !commands.contains(.submitInput))
        }
        self.init(
            scopes.map { scope in
                Scope(
                    scope: scope, hints: shell.hints(in: scope, including: shown) + (screen?.hints(in: scope) ?? []),
                    keys: shell.keys(in: scope).union(screen?.keys(in: scope) ?? []))
            })
    }

    /// Every hint, in the order the line shows them.
    var all: [StatusHint] { lead + pinned }
}
