import Foundation

/// A reader of bytes from outside the program, with the properties it must keep for any input.
///
/// The fuzz package (Fuzz/) feeds each target what libFuzzer makes; `FuzzPropertiesTests`
/// replays the committed corpus (Fuzz/Corpus/<target>/) through the same checks, so `make test`
/// runs them without libFuzzer. Each check gives the properties the input broke, none when it
/// held them all.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case vcard
    case multistatus
    case tmdb
    case openMeteo = "open-meteo"
    case weatherbit
    case input
    case config
    case netrc
    case folding

    /// The largest input worth reading: bigger ones only make each run slower.
    public static let maxInputBytes = 64 * 1024

    /// The properties `bytes` broke, as sentences; empty when every one held.
    public func brokenProperties(_ bytes: [UInt8]) async -> [String] {
        switch self {
        case .vcard: VCardProperties.check(bytes)
        case .multistatus: MultistatusProperties.check(bytes)
        case .tmdb: await ServiceAnswerProperties.checkTMDb(bytes)
        case .openMeteo: await ServiceAnswerProperties.checkOpenMeteo(bytes)
        case .weatherbit: await ServiceAnswerProperties.checkWeatherbit(bytes)
        case .input: InputProperties.check(bytes)
        case .config: TextReaderProperties.checkConfig(bytes)
        case .netrc: TextReaderProperties.checkNetrc(bytes)
        case .folding: FoldingProperties.check(bytes)
        }
    }
}

/// Gathers the properties an input broke.
struct Findings {
    private(set) var broken: [String] = []

    /// Notes `property` as broken unless `holds`.
    mutating func expect(_ holds: @autoclosure () -> Bool, _ property: @autoclosure () -> String) {
        if !holds() { broken.append(property()) }
    }
}
