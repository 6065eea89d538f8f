/// A place the Weather screen can show the weather of: a city, town or village, and where it is.
///
/// ```swift
/// func find(with geocoder: any Geocoder) async throws {
///     let places = try await geocoder.places(matching: "Richmond, VA", limit: 5)
///     places.first?.region        // "Virginia"
///     places.first?.timeZone      // "America/New_York"
/// }
/// ```
public struct Place: Equatable, Hashable, Sendable {
    /// The place's name, such as "São Paulo".
    public let name: String
    /// The first-level division it is in, such as "Virginia"; nil when the source does not name it.
    public let region: String?
    /// The division's short code, such as "VA" for a US state; nil when there is none.
    public let regionCode: String?
    /// The country's name, such as "France".
    public let country: String
    /// The country's ISO 3166-1 alpha-2 code, such as "FR".
    public let countryCode: String
    /// Degrees north of the equator (negative south).
    public let latitude: Double
    /// Degrees east of Greenwich (negative west).
    public let longitude: Double
    /// The IANA time zone identifier, such as "Europe/Paris".
    public let timeZone: String
    /// How many people live there; 0 when unknown.
    public let population: Int

    /// Creates a place from what a source knows about it.
    public init(
        name: String, region: String?, regionCode: String?, country: String, countryCode: String,
        latitude: Double, longitude: Double, timeZone: String, population: Int
    ) {
        self.name = name
        self.region = region
        self.regionCode = regionCode
        self.country = country
        self.countryCode = countryCode
        self.latitude = latitude
        self.longitude = longitude
        self.timeZone = timeZone
        self.population = population
    }
}

/// Turns what a person typed into the places it may mean.
public protocol Geocoder: Sendable {
    /// The places `query` names, best first, at most `limit`; empty when none does.
    func places(matching query: String, limit: Int) async throws -> [Place]
}

extension Place {
    /// McGaheysville, Virginia, as the embedded gazetteer has it: the place the original
    /// Weather app opens on, and the one the Weather screen shows when none was given or kept.
    public static let mcGaheysville = Place(
        name: "McGaheysville", region: "Virginia", regionCode: "VA",
        country: "United States", countryCode: "US",
        latitude: 38.3771, longitude: -78.7389,
        timeZone: "America/New_York", population: 0)
}
