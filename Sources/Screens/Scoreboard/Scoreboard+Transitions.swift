import Foundation
import Models

extension Scoreboard {
    typealias Order = WorkOrder<Work>

    /// Moves the Scoreboard on by `event`, and names the work it calls for; then keeps one tick
    /// while the clock should move on screen, and none otherwise.
    public mutating func handle(_ event: Event) -> [WorkOrder<Work>] {
        let orders = move(by: event)
        return orders + keepTicking()
    }

    private mutating func move(by event: Event) -> [Order] {
        switch event {
        case .answered, .appeared, .disappeared: break
        default: news = ""  // a key or a click: what was said of the last one is read
        }
        switch event {
        case .appeared(let clock):
            self.clock = clock
            isVisible = true
            guard !hasLoaded else { return [] }
            hasLoaded = true
            return [start(.carryOn(game))]
        case .disappeared:
            isVisible = false
        case .playerSelected(let index):
            if (0..<6).contains(index) { selectedPlayer = index }
        case .selectionMoved(let direction):
            selectedPlayer = direction.player(from: selectedPlayer)
        case .pauseToggled(let clock):
            self.clock = clock
            if let refusal { return say(refusal) }
            var next = game
            if next.isRunning { next.pause(at: clock) } else { next.start(at: clock) }
            return commit(.clock(elapsed: next.elapsed(at: clock), isRunning: next.isRunning), showing: next)
        case .moveMade(let move, let player, let clock):
            self.clock = clock
            if let refusal { return say(refusal) }
            var next = game
            // A player not in the game: no key of the screen sends one.
            guard (try? next.record(move, by: player, at: clock)) != nil, let made = next.moves.last else { return [] }
            return commit(.move(made, finishedAt: next.isFinished ? next.elapsed(at: clock) : nil), showing: next)
        case .undoAsked:
            if pastGame != nil, let refusal { return say(refusal) }
            var next = game
            guard let undone = next.undoLastMove() else { return say("There is no move to undo") }
            news = ScoreboardFormat.undid(undone, in: game)
            return commit(.undo, showing: next)
        case .newGameAsked(let clock):
            if pastGame != nil, let refusal { return say(refusal) }
            if game.moves.isEmpty { return say("This game has no move yet") }
            if !game.isFinished {
                isAskingForNewGame = true
                return []
            }
            return startNewGame(at: clock)
        case .newGameAnswered(let yes, let clock):
            guard isAskingForNewGame else { return [] }
            isAskingForNewGame = false
            return yes ? startNewGame(at: clock) : []
        case .pastGameClosed(let clock):
            self.clock = clock  // the game under way shows again, at its time now
            pastGame = nil
        case .answered(_, let answer):
            take(answer)
        default:
            return moveInLists(by: event)
        }
        return []
    }

    /// The events of the list of games kept and of renaming.
    private mutating func moveInLists(by event: Event) -> [Order] {
        switch event {
        case .libraryAsked:
            return [start(.readLibrary)]
        case .libraryCursorMoved(let offset):
            if let cursor = library?.cursor { moveLibraryCursor(to: cursor + offset) }
        case .gameClicked(let index, let clock):
            if library?.cursor == index { return openChosenGame(at: clock) }
            moveLibraryCursor(to: index)
        case .gameOpened(let clock):
            return openChosenGame(at: clock)
        case .deleteAsked:
            guard let list = library, list.games.indices.contains(list.cursor) else { return [] }
            let chosen = list.games[list.cursor]
            if chosen.id == keptAs { return say("The game under way cannot be deleted") }
            deleting = chosen
        case .deleteAnswered(let yes):
            guard let chosen = deleting else { return [] }
            deleting = nil
            return yes ? [start(.delete(chosen.id))] : []
        case .libraryClosed:
            library = nil
        case .renameStarted(let team):
            if pastGame != nil, let refusal { return say(refusal) }
            let player = (game.home.players + game.away.players)[selectedPlayer].id
            let target: NameTarget = team ? .team(game.side(of: player) ?? .home) : .player(player)
            renaming = Renaming(target: target, line: InputLine(text: game.name(of: target) ?? ""))
        case .nameEdited(let edit):
            renaming?.line.apply(edit)
        case .nameFocusChanged(let focused):
            renaming?.isFocused = focused
        case .nameSubmitted:
            guard var typed = renaming else { return [] }
            guard let name = typed.name() else {
                renaming = typed
                return []
            }
            renaming = nil
            var next = game
            next.rename(typed.target, to: name)
            return commit(.rename(typed.target, to: name), showing: next)
        case .renameStopped:
            renaming = nil
        default:
            break
        }
        return []
    }

    // MARK: - Answers

    private mutating func take(_ answer: Answer) {
        switch answer {
        case .kept(let stored, let problem):
            if let stored {
                game = stored.game
                keptAs = stored.id
            }
            notice = problem ?? notice
        case .committed(let game, let id, let problem):
            if id == keptAs { self.game = game }
            notice = problem ?? notice
        case .library(let games, let problem):
            guard let games else {
                notice = problem ?? notice
                library = KeptGames(games: [], message: notice.isEmpty ? "Games are not being saved." : notice)
                return
            }
            library = KeptGames(games: games, message: problem ?? (games.isEmpty ? GameLibraryViewModel.emptyMessage : ""))
        case .deleted(let id, let problem):
            if let problem {
                news = problem
                return
            }
            if pastGame?.id == id { pastGame = nil }
            guard var list = library, let deleted = list.games.first(where: { $0.id == id })?.game else { return }
            news = "Deleted the game \(deleted.home.name) \(ScoreboardFormat.score(deleted.score)) \(deleted.away.name)"
            list.games.removeAll { $0.id == id }
            list.cursor = min(list.cursor, max(0, list.games.count - 1))
            if list.games.isEmpty { list.message = GameLibraryViewModel.emptyMessage }
            library = list
        case .ticked(let clock):
            self.clock = clock
        }
    }

    // MARK: - Steps

    /// Says `news` of the key just pressed, which starts no work.
    private mutating func say(_ news: String) -> [Order] {
        self.news = news
        return []
    }

    /// Names `work` as the next piece of work.
    private mutating func start(_ work: Work) -> Order {
        lastWork = lastWork.next
        return .start(work, as: lastWork)
    }

    /// Commits `change` to the game kept, after which `next` shows; a game not kept shows at once.
    private mutating func commit(_ change: GameChange, showing next: Game) -> [Order] {
        guard let keptAs else {
            game = next
            return []
        }
        return [start(.commit(change, to: keptAs, showing: next))]
    }

    /// Stops the clock of the game under way, kept, and starts a game between the same teams.
    private mutating func startNewGame(at clock: Duration) -> [Order] {
        let orders = pauseGameUnderWay(at: clock)
        keptAs = nil
        game = Game(home: game.home, away: game.away)
        news = "A new game has started"
        return orders + [start(.keep(game))]
    }

    private mutating func moveLibraryCursor(to index: Int) {
        guard let count = library?.games.count, count > 0 else { return }
        library?.cursor = min(max(0, index), count - 1)
    }

    /// Commits the clock of the game under way, stopped at `clock`, when it runs.
    private mutating func pauseGameUnderWay(at clock: Duration) -> [Order] {
        guard game.isRunning else { return [] }
        var paused = game
        paused.pause(at: clock)
        return commit(.clock(elapsed: paused.elapsed(at: clock), isRunning: false), showing: paused)
    }

    /// Closes the list and opens the game under its cursor: a finished game read-only, any other
    /// as the game under way, its clock where it stopped; the current game shows as itself, at
    /// its time at `clock`.
    private mutating func openChosenGame(at clock: Duration) -> [Order] {
        guard let list = library, list.games.indices.contains(list.cursor) else { return [] }
        self.clock = clock
        library = nil
        let stored = list.games[list.cursor]
        guard stored.id != keptAs, !stored.game.isFinished else {
            pastGame = stored.id == keptAs ? nil : stored
            return []
        }
        return continueGame(stored, at: clock)
    }

    /// Makes `stored` the game under way, paused where its clock stopped. The game left has its
    /// clock stopped, or, when it has no move, is deleted: the library keeps only games played.
    private mutating func continueGame(_ stored: StoredGame, at clock: Duration) -> [Order] {
        let orders: [Order]
        if game.moves.isEmpty, let left = keptAs {
            orders = [start(.delete(left))]
        } else {
            orders = pauseGameUnderWay(at: clock)
        }
        pastGame = nil
        keptAs = stored.id
        game = stored.game
        news = "This game goes on where its clock stopped"
        return orders
    }

    /// One tick while the game under way runs and shows; none otherwise.
    private mutating func keepTicking() -> [Order] {
        let shouldTick = isVisible && pastGame == nil && game.isRunning
        if shouldTick, tick == nil {
            let tenth = Duration.milliseconds(100)
            let intoTenth = Duration.nanoseconds(game.elapsed(at: clock).nanoseconds % tenth.nanoseconds)
            let order = start(.tick(after: tenth - intoTenth))
            tick = lastWork
            return [order]
        }
        if !shouldTick, let running = tick {
            tick = nil
            return [.cancel(running)]
        }
        return []
    }
}
