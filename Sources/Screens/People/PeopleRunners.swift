import Binding
import Foundation
import Models

/// The work runners of the People screen, one a concern: the list's reads and writes, a vCard
/// transfer's steps, and the exchange with the people server. The composition root builds them
/// (`live`); a test builds the ones it holds. `PeopleListViewModel` builds none.
@MainActor
public struct PeopleRunners {
    let list: any WorkRunner<PeopleList.Work, PeopleList.Answer>
    let transfer: any WorkRunner<PeopleTransfer.Work, PeopleTransfer.Answer>
    let exchange: any WorkRunner<PeopleExchange.Work, PeopleExchange.Answer>
    /// Whether `exchange` has a people server to talk to.
    let hasServer: Bool

    /// Runners given one by one (a test's hold their work).
    public init(
        list: any WorkRunner<PeopleList.Work, PeopleList.Answer>,
        transfer: any WorkRunner<PeopleTransfer.Work, PeopleTransfer.Answer>,
        exchange: any WorkRunner<PeopleExchange.Work, PeopleExchange.Answer>, hasServer: Bool
    ) {
        (self.list, self.transfer, self.exchange, self.hasServer) = (list, transfer, exchange, hasServer)
    }

    /// The live runners over the store `openStore` gives (each opens it the first time it needs
    /// it: the composition root's opens the database once and shares it), `api` (nil without a
    /// people server) and `files`, their slow work on `background`; `now` dates an edit and a
    /// sync; the birthdays soon look `birthdayWindow` days ahead, the first `birthdaysRead` read;
    /// `retryScheduler` times the tries of the server after it could not be reached, and the
    /// list's midnight in `timeZone`.
    public static func live(
        openStore: @escaping @MainActor () throws -> any PeopleStore, api: (any PeopleAPI)?, files: any TextFiles,
        background: any BackgroundQueue, now: @escaping () -> Date, birthdayWindow: Int, birthdaysRead: Int,
        retryScheduler: (any Scheduler)?, timeZone: TimeZone = .current
    ) -> PeopleRunners {
        PeopleRunners(
            list: PeopleListRunner(
                openStore: openStore, now: now, birthdayWindow: birthdayWindow, birthdaysRead: birthdaysRead, timeZone: timeZone,
                scheduler: retryScheduler),
            transfer: PeopleTransferSteps(openStore: openStore, files: files, queue: background),
            exchange: PeopleSyncSteps(openStore: openStore, api: api, queue: background, now: now, scheduler: retryScheduler),
            hasServer: api != nil)
    }
}
