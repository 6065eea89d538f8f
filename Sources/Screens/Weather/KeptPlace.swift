import Models

/// A place as the Weather screen keeps it between runs: one line of tab-separated fields, so
/// that the next launch shows the place's weather without asking a geocoder again.
///
/// ```swift
/// let text = KeptPlace.text(of: .mcGaheysville)
/// // "McGaheysville\tVirginia\tVA\tUnited States\tUS\t38.3771\t-78.7389\tAmerica/New_York\t0"
/// KeptPlace.place(from: text ?? "")   // the same place, or nil when the text is damaged
/// ```
public enum KeptPlace {
    private static let fieldCount = 9

    /// The place as text; nil when it cannot be kept: a field holds a tab or a line break, or
    /// the name is empty.
    public static func text(of place: Place) -> String? {
        guard !place.name.isEmpty else { return nil }
        let fields = [
            place.name, place.region ?? "", place.regionCode ?? "", place.country, place.countryCode,
            "\(place.latitude)", "\(place.longitude)", place.timeZone, "\(place.population)",
        ]
        guard !fields.contains(where: { $0.contains(where: \.isNewline) || $0.contains("\t") }) else { return nil }
        return fields.joined(separator: "\t")
    }

    /// The place `text` holds; nil unless every field is there and makes sense. Only the name
    /// may not be empty: a geocoder may know no country or time zone for a place.
    public static func place(from text: String) -> Place? {
        let fields = text.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == fieldCount, !fields[0].isEmpty,
            let latitude = Double(fields[5]), (-90.0...90.0).contains(latitude),
            let longitude = Double(fields[6]), (-180.0...180.0).contains(longitude),
            let population = Int(fields[8]), population >= 0
        else { return nil }
        return Place(
            name: fields[0], region: fields[1].isEmpty ? nil : fields[1],
            regionCode: fields[2].isEmpty ? nil : fields[2], country: fields[3], countryCode: fields[4],
            latitude: latitude, longitude: longitude, timeZone: fields[7], population: population)
    }
}
