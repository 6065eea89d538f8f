/// Operators that derive one ``Dynamic`` from another.
///
/// A derived value keeps its own listener on the source alive for as long as it lives, and
/// does not keep the source alive: the owner of the source (a view-model) decides its lifetime.
extension Dynamic {
    /// A value that is always `transform` of this one.
    public func map<Result>(_ transform: @escaping @MainActor (Value) -> Result) -> Dynamic<Result> {
        let result = Dynamic<Result>(transform(value))
        let token = bind { [weak result] value in result?.value = transform(value) }
        result.retain(token)
        return result
    }
}

extension Dynamic where Value: Equatable {
    /// A value that changes only when this one changes to something different.
    public func distinct() -> Dynamic<Value> {
        let result = Dynamic(value)
        let token = bind { [weak result] value in
            guard let result, result.value != value else { return }
            result.value = value
        }
        result.retain(token)
        return result
    }
}

extension Dynamic {
    /// A value that follows this one at most once per `interval`.
    ///
    /// The first change is passed on at once. Later changes within the interval are held back,
    /// and at the interval's end the latest of them is passed on (when `latest` is true, as
    /// RxSwift's `throttle(latest: true)`) or dropped (when false). Each value passed on starts
    /// a new interval.
    public func throttle(_ interval: Duration, on scheduler: any Scheduler, latest: Bool = true) -> Dynamic<Value> {
        let result = Dynamic(value)
        let throttler = Throttler<Value>(interval: interval, scheduler: scheduler, latest: latest) { [weak result] value in
            result?.value = value
        }
        let token = bind { value in throttler.receive(value) }
        result.retain(token)
        result.retain(throttler)
        return result
    }
}

// MARK: - Time-based helpers

@MainActor
private final class Throttler<Value> {
    private let interval: Duration
    private let scheduler: any Scheduler
    private let latest: Bool
    private let emit: @MainActor (Value) -> Void
    private var lastEmission: Duration?
    private var held: Value?
    private var timer: ScheduledAction?

    init(interval: Duration, scheduler: any Scheduler, latest: Bool, emit: @escaping @MainActor (Value) -> Void) {
        self.interval = interval
        self.scheduler = scheduler
        self.latest = latest
        self.emit = emit
    }

    func receive(_ value: Value) {
        let now = scheduler.now
        if timer == nil, lastEmission.map({ now - $0 >= interval }) ?? true {
            pass(value, at: now)
            return
        }
        guard latest else { return }
        held = value
        guard timer == nil, let lastEmission else { return }
        timer = scheduler.schedule(after: lastEmission + interval - now) { [weak self] in
            self?.releaseHeld()
        }
    }

    private func releaseHeld() {
        timer = nil
        guard let value = held else { return }
        held = nil
        pass(value, at: scheduler.now)
    }

    private func pass(_ value: Value, at now: Duration) {
        lastEmission = now
        emit(value)
    }

    isolated deinit {
        timer?.cancel()
    }
}
