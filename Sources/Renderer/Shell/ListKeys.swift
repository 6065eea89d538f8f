import Screens

extension KeyBinding {
    /// The keys every list answers alike (`ListMove`), for a list of `things`: ↑ ↓ and PgUp PgDn
    /// in `scope`; and in `letters`, the scope where letters are keys rather than text, `k` `j`,
    /// Home End, and `g` `G` unless the screen gives `g` another meaning (`gG` false: the
    /// Scoreboard's games). A list moved from the input line passes no `letters`: there they are
    /// text, and Home End move the caret.
    static func listMoves(
        of things: String, scope: KeyScope, letters: KeyScope?, gG: Bool = true, _ move: (ListMove) -> Action
    ) -> [KeyBinding] {
        var bindings = [
            KeyBinding(
                "↑ ↓", "move through the \(things)", scope: scope, hint: "move", actions: [.up: move(.rows(-1)), .down: move(.rows(1))]),
            KeyBinding(
                "PgUp PgDn", "a page of \(things) up or down", scope: scope,
                actions: [.pageUp: move(.pages(-1)), .pageDown: move(.pages(1))]),
        ]
        guard let letters else { return bindings }
        bindings.append(
            KeyBinding(
                "k j", "move through the \(things)", scope: letters, actions: [.text("k"): move(.rows(-1)), .text("j"): move(.rows(1))]))
        var edges: [Key: Action] = [.home: move(.first), .end: move(.last)]
        if gG { (edges[.text("g")], edges[.text("G")]) = (move(.first), move(.last)) }
        bindings.append(
            KeyBinding(gG ? "Home End  g G" : "Home End", "the first or the last of the \(things)", scope: letters, actions: edges))
        return bindings
    }
}
