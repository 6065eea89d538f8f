import Foundation

/// The people server: everyone it knows, and a way to give it someone new. Docs/PeopleAPI.md
/// describes the HTTP form.
public protocol PeopleAPI: Sendable {
    /// Everyone the server knows.
    func getPeople() async throws -> [Person]
    /// Gives `person` to the server; returns once the server has accepted it.
    func postPerson(_ person: Person) async throws
}

/// Why the people server could not be asked or answered wrongly, in words a person can act on.
public enum PeopleAPIError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server could not be reached: no network, no such host, or nothing listening.
    case noNetwork
    /// The server did not answer within the time allowed.
    case timedOut
    /// The server answered with an HTTP status other than success.
    case serverError(status: Int)
    /// The server's answer is not the JSON the program expects.
    case unreadableAnswer
    /// Any other failure, in words.
    case failed(String)

    /// The failure as the People screen shows it.
    public var message: String {
        switch self {
        case .noNetwork: "no network: the people server could not be reached"
        case .timedOut: "the people server did not answer in time"
        case .serverError(let status): "the people server answered \(status)"
        case .unreadableAnswer: "the people server sent an answer this program cannot read"
        case .failed(let reason): reason
        }
    }

    /// The failure as the People screen shows it.
    public var description: String { message }

    /// Whether the server could not be reached at all, so trying the next request now is no use.
    public var isUnreachable: Bool {
        self == .noNetwork || self == .timedOut
    }
}
