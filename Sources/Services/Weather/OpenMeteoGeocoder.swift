import Foundation
import Models

/// Places from the Open-Meteo geocoding API, which needs no key:
/// `GET {base}/v1/search?name=…&count=…&language=en&format=json`.
///
/// "City, ST" and "City, Country": the API is asked for the name before the first comma only,
/// then the places are narrowed by what follows, every qualifier after a comma having to fit. A
/// qualifier fits a place when, ignoring case, accents and punctuation, it is the place's region
/// name ("Virginia"), its US state code ("VA"), its country's name or code ("France", "FR", also
/// "USA" and "UK"), or the start (three letters or more) of its region's or country's name.
/// Places whose region fits come first, then those whose country fits, then those that only
/// start-match; within each, the API's order (most relevant first) is kept. So "Richmond, CA" is
/// California's Richmond before Canada's. A query with qualifiers asks for 100 places (the most
/// the API gives) before narrowing them to `limit`; one whose narrowing leaves nothing finds
/// nothing.
///
/// An empty name, or one over 200 bytes, finds nothing without asking. An answer with no
/// `results` means nothing was found. Errors are `WeatherServiceError`s, so `.noNetwork` means
/// the same here as for the weather.
///
/// ```swift
/// let geocoder = OpenMeteoGeocoder(http: CurlHTTPClient())
/// try await geocoder.places(matching: "Richmond, VA", limit: 5).first?.regionCode   // "VA"
/// ```
public struct OpenMeteoGeocoder: Geocoder {
    /// Where the public API lives.
    public static let defaultBase = "https://geocoding-api.open-meteo.com"
    /// The most places the API gives for one request.
    public static let maximumCount = 100

    private static let source = "Open-Meteo geocoding"
    private let http: any HTTPClient
    private let base: String

    /// Creates a geocoder that sends its requests through `http` to `base`.
    public init(http: any HTTPClient, base: String = OpenMeteoGeocoder.defaultBase) {
        self.http = http
        self.base = base
    }

    /// The places `query` names, best first, at most `limit`; empty when none does.
    public func places(matching query: String, limit: Int) async throws -> [Place] {
        let parts = query.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard limit > 0, let name = parts.first, !name.isEmpty, name.utf8.count <= 200 else { return [] }
        let qualifiers = parts.dropFirst().map(Self.fold).filter { !$0.isEmpty }
        let count = qualifiers.isEmpty ? min(limit, Self.maximumCount) : Self.maximumCount
        let (body, status) = try await WeatherHTTP.fetch(
            try request(name: name, count: count), with: http,
            from: Self.source)
        guard status == 200 else {
            throw WeatherServiceError.failed("Open-Meteo geocoding answered HTTP \(status)")
        }
        let found = try WeatherHTTP.decode(Answer.self, from: body, source: Self.source).results ?? []
        let places = found.compactMap(\.place)
        guard !qualifiers.isEmpty else { return Array(places.prefix(limit)) }
        let ranked = places.enumerated().compactMap { index, place in
            Self.fit(of: place, to: qualifiers).map { (fit: $0, index: index, place: place) }
        }
        return ranked.sorted { ($0.fit, $0.index) < ($1.fit, $1.index) }.prefix(limit).map(\.place)
    }

    // MARK: - Request

    private func request(name: String, count: Int) throws -> HTTPRequest {
        guard var components = URLComponents(string: base + "/v1/search") else {
            throw WeatherServiceError.failed("The Open-Meteo geocoding address \(base) is not valid")
        }
        components.queryItems = [
            URLQueryItem(name: "name", value: name),
            URLQueryItem(name: "count", value: String(count)),
            URLQueryItem(name: "language", value: "en"),
            URLQueryItem(name: "format", value: "json"),
        ]
        // URLComponents leaves "+" alone, which the server would read as a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else {
            throw WeatherServiceError.failed("The Open-Meteo geocoding address \(base) is not valid")
        }
        return HTTPRequest(url: url)
    }

    // MARK: - Narrowing by qualifiers

    /// How well `place` fits every qualifier (0 region, 1 country, 2 start of a name; the worst
    /// counts), or nil when one does not fit.
    private static func fit(of place: Place, to qualifiers: [String]) -> Int? {
        let region = place.region.map(fold) ?? ""
        let regionCode = place.regionCode.map(fold) ?? ""
        let country = fold(place.country)
        let countryCode = fold(place.countryCode)
        var worst = 0
        for qualifier in qualifiers {
            let fit: Int
            if !region.isEmpty && (qualifier == region || qualifier == regionCode) {
                fit = 0
            } else if qualifier == country || qualifier == countryCode || countryAliases[qualifier] == countryCode {
                fit = 1
            } else if qualifier.count >= 3 && (region.hasPrefix(qualifier) || country.hasPrefix(qualifier)) {
                fit = 2
            } else {
                return nil
            }
            worst = max(worst, fit)
        }
        return worst
    }

    /// Other names people type for a country, folded, with its code folded.
    private static let countryAliases = ["usa": "us", "united states of america": "us", "uk": "gb", "england": "gb"]

    /// `text` in lower case, without accents, dots or apostrophes ("D.C." is "dc"), other
    /// punctuation as spaces, and single spaces between words.
    private static func fold(_ text: String) -> String {
        let plain = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var kept = String.UnicodeScalarView()
        for scalar in plain.unicodeScalars where !dropped.contains(scalar) {
            kept.append(CharacterSet.alphanumerics.contains(scalar) ? scalar : " ")
        }
        return String(kept).split(separator: " ").joined(separator: " ")
    }

    /// The characters a name loses when folded rather than becoming a space.
    private static let dropped: Set<Unicode.Scalar> = [".", "'", "\u{2019}"]
}

// MARK: - Wire format

/// A search answer: `results` is missing when nothing was found.
private struct Answer: Decodable {
    let results: [Result]?

    /// One place found; an entry that cannot be read is skipped rather than failing the search.
    struct Result: Decodable {
        let place: Place?

        private enum CodingKeys: String, CodingKey {
            case name, latitude, longitude, country, countryCode = "country_code", admin1, timezone, population
        }

        init(from decoder: any Decoder) throws {
            guard let container = try? decoder.container(keyedBy: CodingKeys.self),
                let name = try? container.decode(String.self, forKey: .name), !name.isEmpty,
                let latitude = try? container.decode(Double.self, forKey: .latitude), (-90...90).contains(latitude),
                let longitude = try? container.decode(Double.self, forKey: .longitude),
                (-180...180).contains(longitude)
            else {
                place = nil
                return
            }
            let countryCode = ((try? container.decode(String.self, forKey: .countryCode)) ?? "").uppercased()
            let region = (try? container.decode(String.self, forKey: .admin1)).flatMap { $0.isEmpty ? nil : $0 }
            let population = (try? container.decode(Int.self, forKey: .population)) ?? 0
            place = Place(
                name: name, region: region,
                regionCode: countryCode == "US" ? region.flatMap { usStateCodes[$0] } : nil,
                country: (try? container.decode(String.self, forKey: .country)) ?? countryCode,
                countryCode: countryCode, latitude: latitude, longitude: longitude,
                timeZone: (try? container.decode(String.self, forKey: .timezone)) ?? "",
                population: max(population, 0))
        }
    }
}

/// The postal codes of the US states, the District of Columbia and the territories, by name.
private let usStateCodes: [String: String] = [
    "Alabama": "AL", "Alaska": "AK", "Arizona": "AZ", "Arkansas": "AR", "California": "CA", "Colorado": "CO",
    "Connecticut": "CT", "Delaware": "DE", "District of Columbia": "DC", "Washington, D.C.": "DC",
    "Florida": "FL", "Georgia": "GA", "Hawaii": "HI", "Idaho": "ID", "Illinois": "IL", "Indiana": "IN",
    "Iowa": "IA", "Kansas": "KS", "Kentucky": "KY", "Louisiana": "LA", "Maine": "ME", "Maryland": "MD",
    "Massachusetts": "MA", "Michigan": "MI", "Minnesota": "MN", "Mississippi": "MS", "Missouri": "MO",
    "Montana": "MT", "Nebraska": "NE", "Nevada": "NV", "New Hampshire": "NH", "New Jersey": "NJ",
    "New Mexico": "NM", "New York": "NY", "North Carolina": "NC", "North Dakota": "ND", "Ohio": "OH",
    "Oklahoma": "OK", "Oregon": "OR", "Pennsylvania": "PA", "Rhode Island": "RI", "South Carolina": "SC",
    "South Dakota": "SD", "Tennessee": "TN", "Texas": "TX", "Utah": "UT", "Vermont": "VT", "Virginia": "VA",
    "Washington": "WA", "West Virginia": "WV", "Wisconsin": "WI", "Wyoming": "WY", "Puerto Rico": "PR",
    "Guam": "GU", "U.S. Virgin Islands": "VI", "American Samoa": "AS", "Northern Mariana Islands": "MP",
]
