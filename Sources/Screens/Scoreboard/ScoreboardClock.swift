import Binding
import Models

/// The scoreboard's clock text, `00:00.0`: set from the game on show, and ten times a second
/// from one repeating tick, on every tenth of the game's clock, while the game runs and the
/// screen shows. Otherwise no timer exists.
@MainActor
final class ScoreboardClock {
    /// Time on the clock of the game on show.
    var text: Output<String> { _text.output }

    private let _text = Dynamic(ScoreboardFormat.time(.zero))
    private let scheduler: any Scheduler
    private var game = Game()
    private var canTick = false
    private var isVisible = false
    private var tick: ScheduledAction?

    init(scheduler: any Scheduler) {
        self.scheduler = scheduler
    }

    /// A clock freed while it ticks leaves no timer on the run loop.
    isolated deinit {
        tick?.cancel()
    }

    /// Shows `game`'s time; it ticks while the game runs, when `ticking` (the game under way,
    /// not a past one).
    func show(_ game: Game, ticking: Bool) {
        self.game = game
        canTick = ticking
        showTime()
        updateTicking()
    }

    /// The screen shows, or not: the clock keeps time, but ticks only while it shows; shown
    /// again, it tells the time at once.
    func setVisible(_ visible: Bool) {
        isVisible = visible
        if visible { showTime() }
        updateTicking()
    }

    private func showTime() {
        _text.change(to: ScoreboardFormat.time(game.elapsed(at: scheduler.now)))
    }

    /// Keeps one repeating tick while the game runs and the screen shows; cancels it otherwise.
    /// A tick already running is left alone.
    private func updateTicking() {
        guard isVisible, canTick, game.isRunning else {
            tick?.cancel()
            tick = nil
            return
        }
        guard tick == nil else { return }
        let tenth = Duration.milliseconds(100)
        let intoTenth = Duration.nanoseconds(game.elapsed(at: scheduler.now).nanoseconds % tenth.nanoseconds)
        tick = scheduler.schedule(every: tenth, after: tenth - intoTenth) { [weak self] in
            self?.showTime()
        }
    }
}
