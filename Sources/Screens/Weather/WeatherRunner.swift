import Binding
import Foundation
import Models

/// The Weather screen's live runner: the geocoders, the weather service and the settings each
/// answer in a task of their own (a lookup replaced stops its request); the wait for the next
/// refresh is a timer on the scheduler, so nothing wakes the idle program before it is due.
/// Each answer of the weather is stamped with the time it came, on the wall clock (`now`) and
/// the scheduler's.
@MainActor
public final class WeatherRunner: WorkRunner {
    private let tasks: TaskRunner<WeatherScreen.Work, WeatherScreen.Answer>
    private let scheduler: any Scheduler
    private var timers: [WorkID: ScheduledAction] = [:]

    /// `geocoder` finds a typed place; `suggester` (the embedded gazetteer, fast and offline)
    /// suggests places while typing, and the place meant when the geocoder finds none; `service` gives the weather, live or kept.
    public init(
        geocoder: any Geocoder, suggester: any Geocoder, service: any PlaceWeatherService,
        settings: WeatherSettings, scheduler: any Scheduler, now: @escaping () -> Date
    ) {
        self.scheduler = scheduler
        tasks = TaskRunner { [scheduler] work in
            switch work {
            case .readSettings:
                do { return .settings(try settings.read()) } catch { return .settingsUnread("\(error)") }
            case .find(let query):
                do {
                    if let place = try await geocoder.places(matching: query, limit: 1).first { return .found(place) }
                    // The name is not found whatever the suggester says: one that fails only leaves
                    // out the "Did you mean", and the user still reads "Not found".
                    let likely = try? await suggester.places(matching: query, limit: 1).first
                    return .notFound(query, didYouMean: likely, clock: scheduler.now)
                } catch {
                    return .findFailed(Self.message(for: error))
                }
            case .fetch(let place):
                do {
                    let weather = try await service.weather(at: place)
                    return .weather(weather, at: now(), clock: scheduler.now)
                } catch { return .weatherFailed(Self.message(for: error), clock: scheduler.now) }
            case .suggest(let query):
                do { return .suggested(try await suggester.places(matching: query, limit: WeatherViewModel.suggestionLimit)) } catch {
                    return .suggestFailed(Self.message(for: error))
                }
            case .keepPlace(let place):
                do { try settings.keep(place) } catch { return .notKept("\(error)") }
                return .kept
            case .keepUnit(let unit):
                do { try settings.keep(unit) } catch { return .notKept("\(error)") }
                return .kept
            case .wait:
                preconditionFailure("a wait is the scheduler's")
            }
        }
    }

    isolated deinit {
        for timer in timers.values { timer.cancel() }
    }

    public func start(_ work: WeatherScreen.Work, as id: WorkID, deliver: @escaping @MainActor (WeatherScreen.Answer) -> Void) {
        guard case .wait(let delay) = work else { return tasks.start(work, as: id, deliver: deliver) }
        timers[id] = scheduler.schedule(after: delay) { [weak self] in
            guard self?.timers.removeValue(forKey: id) != nil else { return }
            deliver(.due)
        }
    }

    public func cancel(_ id: WorkID) {
        timers.removeValue(forKey: id)?.cancel()
        tasks.cancel(id)
    }

    private static func message(for error: any Error) -> String {
        KeptWeatherService.message(for: error)
    }
}
