import Binding
import Foundation
import Models

/// The Scoreboard's live runner: the library opened once, when first needed, and each piece of
/// work done with it before `start` returns, so a change is committed before its answer shows
/// it; the clock's tick is one repeating timer of the scheduler. Every failure comes back in
/// words for the screen's notice, and the game goes on in memory.
@MainActor
public final class ScoreboardRunner: WorkRunner {
    private let open: () throws -> GameLibrary
    private let today: () -> Date
    private let scheduler: any Scheduler
    private var library: GameLibrary?
    private var hasTriedOpening = false
    private var ticks: [WorkID: ScheduledAction] = [:]

    /// Games in the library `open` gives (called once, for the first work that needs it);
    /// `today` dates a new game; `scheduler` gives the clock's ticks and readings.
    public init(openLibrary: @escaping () throws -> GameLibrary, today: @escaping () -> Date, scheduler: any Scheduler) {
        open = openLibrary
        self.today = today
        self.scheduler = scheduler
    }

    /// A runner freed while the clock ticks leaves no timer on the run loop.
    isolated deinit {
        for tick in ticks.values { tick.cancel() }
    }

    public func start(
        _ work: Scoreboard.Work, as id: WorkID, deliver: @escaping @MainActor (Scoreboard.Answer) -> Void
    ) {
        switch work {
        case .carryOn(let game): deliver(carryOn(game))
        case .keep(let game): deliver(keep(game))
        case .commit(let change, let kept, let game):
            deliver(.committed(game, to: kept, problem: commit(change, to: kept)))
        case .readLibrary: deliver(allGames())
        case .delete(let kept): deliver(.deleted(kept, problem: delete(kept)))
        case .tick(let delay):
            ticks[id] = scheduler.schedule(every: .milliseconds(100), after: delay) { [scheduler] in
                deliver(.ticked(clock: scheduler.now))
            }
        }
    }

    public func cancel(_ id: WorkID) {
        ticks.removeValue(forKey: id)?.cancel()
    }

    // MARK: - The library

    /// Opens the library, once: the words of its failure, the first time only.
    private func openIfNeeded() -> String? {
        guard !hasTriedOpening else { return nil }
        hasTriedOpening = true
        do {
            library = try open()
            return nil
        } catch {
            return "Games are not being saved: \(error)"
        }
    }

    private func carryOn(_ game: Game) -> Scoreboard.Answer {
        if let problem = openIfNeeded() { return .kept(nil, problem: problem) }
        guard let library else { return .kept(nil, problem: nil) }
        do {
            return .kept(try library.latestGame() ?? library.startGame(game, on: today()), problem: nil)
        } catch {
            return .kept(nil, problem: "Games are not being saved: \(error)")
        }
    }

    private func keep(_ game: Game) -> Scoreboard.Answer {
        guard let library else { return .kept(nil, problem: nil) }
        do {
            return .kept(try library.startGame(game, on: today()), problem: nil)
        } catch {
            return .kept(nil, problem: "This game is not being saved: \(error)")
        }
    }

    private func commit(_ change: Scoreboard.GameChange, to id: StoredGame.ID) -> String? {
        guard let library else { return nil }
        do {
            switch change {
            case .clock(let elapsed, let isRunning):
                try library.saveClock(ofGame: id, elapsed: elapsed, isRunning: isRunning)
            case .move(let move, let finishedAt):
                try library.append(move, toGame: id)
                if let finishedAt { try library.saveClock(ofGame: id, elapsed: finishedAt, isRunning: false) }
            case .undo:
                try library.removeLastMove(ofGame: id)
            case .rename(let target, let name):
                try library.rename(target, ofGame: id, to: name)
            }
            return nil
        } catch {
            return "Not saved: \(error)"
        }
    }

    private func delete(_ id: StoredGame.ID) -> String? {
        guard let library else { return nil }
        do {
            try library.deleteGame(id)
            return nil
        } catch {
            return "Not deleted: \(error)"
        }
    }

    private func allGames() -> Scoreboard.Answer {
        let problem = openIfNeeded()
        guard let library else { return .library(nil, problem: problem) }
        do {
            return .library(try library.games(), problem: nil)
        } catch {
            return .library([], problem: "The games cannot be read: \(error)")
        }
    }
}
