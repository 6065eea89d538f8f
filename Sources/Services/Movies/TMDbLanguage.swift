import Foundation

extension TMDbMovieService {
    /// The language TMDb is asked to answer in when the locale says nothing it can use.
    public static let defaultLanguage = "en-US"

    /// The `language` TMDb is asked for, from the locale the environment names: the first of
    /// `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty, as POSIX looks them up for
    /// messages. `fr_FR.UTF-8` is `fr-FR`, `pt_BR` is `pt-BR`, `de` is `de`; `C`, `POSIX`, no
    /// locale at all, or a language TMDb does not take (it takes ISO 639-1, two letters) is `en-US`;
    /// a territory that is not two letters (ISO 3166-1, as TMDb takes it: `es_419` is `es`) is left out.
    ///
    /// ```swift
    /// TMDbMovieService.language(environment: ["LANG": "fr_FR.UTF-8"])   // "fr-FR"
    /// ```
    public static func language(environment: [String: String]) -> String {
        let name = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        // language[_territory][.codeset][@modifier]
        let locale = name.prefix { $0 != "." && $0 != "@" }
        let parts = locale.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
        let language = parts[0].lowercased()
        guard language.count == 2, language.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return defaultLanguage
        }
        guard parts.count == 2 else { return language }
        let territory = parts[1].uppercased()
        let isTerritory = territory.count == 2 && territory.allSatisfy { $0.isASCII && $0.isLetter }
        return isTerritory ? "\(language)-\(territory)" : language
    }
}
