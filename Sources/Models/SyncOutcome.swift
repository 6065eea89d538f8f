import Foundation

/// How the last exchange with the people server went, kept with the store: what the People
/// screen's header says until a later exchange (of this program or another on the same data
/// folder) changes it. Reading the outbox again never turns a failure into `Synced`.
public struct SyncOutcome: Codable, Equatable, Sendable {
    /// When the store last took in all the server had: the end of the last pull that succeeded.
    public var upToDateAt: Date?
    /// Why the last pull failed, in words for the screen; nil when it succeeded, or none ran.
    public var pullFailure: String?
    /// How many changes (people and deletes) the last exchange sent.
    public var sent: Int
    /// Why the last exchange stopped sending, in words; nil when it did not.
    public var sendFailure: String?

    /// Creates an outcome; the default is that of a store that never synced.
    public init(upToDateAt: Date? = nil, pullFailure: String? = nil, sent: Int = 0, sendFailure: String? = nil) {
        self.upToDateAt = upToDateAt
        self.pullFailure = pullFailure
        self.sent = sent
        self.sendFailure = sendFailure
    }

    /// This outcome after `report`, an exchange that ended at `now` and pulled when `pulled`: a
    /// pull's success or failure replaces the last pull's; the sending is the exchange's own.
    public func after(_ report: PeopleSyncReport, pulled: Bool, at now: Date) -> SyncOutcome {
        var next = self
        if pulled {
            next.pullFailure = report.fetchError?.message
            if report.fetchError == nil { next.upToDateAt = now }
        }
        next.sent = report.posted + report.deleted
        next.sendFailure = report.postError?.message
        return next
    }
}
