import Foundation

/// How far a sync's reading of the server has come: `read` of the `total` changed cards.
public struct PeopleSyncProgress: Equatable, Sendable {
    /// How many of the changed cards are read and kept.
    public var read: Int
    /// How many cards changed on the server since the last sync.
    public var total: Int

    /// Creates the progress of `read` cards of `total`.
    public init(read: Int, total: Int) {
        self.read = read
        self.total = total
    }
}

/// What one sync did.
public struct PeopleSyncReport: Equatable, Sendable {
    /// How many people the server sent; nil when they were not fetched.
    public var fetched: Int?
    /// Why fetching failed; nil when it did not, or was not tried.
    public var fetchError: PeopleAPIError?
    /// How many queued people the server accepted.
    public var posted = 0
    /// How many posts failed; those people stay queued.
    public var failedPosts = 0
    /// Why the latest post failed; nil when none did.
    public var postError: PeopleAPIError?
    /// How many people removed on the server were removed here.
    public var removed = 0
    /// How many deletes made here reached the server.
    public var deleted = 0
    /// How many people had changed both here and on the server: the server's version was kept,
    /// and the one entered here as a new person marked "(conflict)".
    public var conflicts = 0
    /// The hrefs of the cards the server sent that hold no card this program can read: left as
    /// they are on the server.
    public var unreadableCards: [String] = []
    /// The names of the people deleted here whose card changed on the server meanwhile: kept.
    public var deletesKeptByServer: [String] = []
    /// How many people kept here and never sent (imported, say) the server held under the same
    /// id with a card as recent or without a revision to compare: kept as on the server.
    public var keptAsOnServer = 0
    /// Whether nothing was done because another process (a second window, `people --sync`) was
    /// exchanging with the server for the same data folder, and still was after a short wait.
    public var blockedByAnotherSync = false

    /// Creates a report of what a sync did.
    public init(
        fetched: Int? = nil, fetchError: PeopleAPIError? = nil, posted: Int = 0, failedPosts: Int = 0,
        postError: PeopleAPIError? = nil
    ) {
        self.fetched = fetched
        self.fetchError = fetchError
        self.posted = posted
        self.failedPosts = failedPosts
        self.postError = postError
    }
}
