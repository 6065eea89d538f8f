import Foundation
import Models
import Services

/// The Weather screen's gazetteer: the first lookup with the database's open (each run a fresh
/// gazetteer), then lookups and the suggestion lists typed letter by letter (budgets from issue
/// 17: 15 ms with the open, 1 ms a lookup, 3 ms five suggestions, 5 ms for one character),
/// and the suggestions for typos (issue 48: 2 ms).
func gazetteerFigures() throws -> [Figure] {
    let first = try milliseconds(runs: 9) {
        let gazetteer = EmbeddedGazetteer.bundled()
        _ = try gazetteer.searchNow("Richmond, VA", limit: 1)
    }
    var figures = [Figure(name: "gazetteer: first lookup, open included", value: first, unit: "ms", budget: 15)]
    let gazetteer = EmbeddedGazetteer.bundled()
    try gazetteer.load()
    for query in ["Richmond, VA", "Richmond", "paris", "Sao Paulo", "東京", "McGaheysville, VA", String(repeating: "q", count: 5_000)] {
        let time = milliseconds { _ = gazetteer.search(query, limit: 1) }
        let label = query.count > 20 ? "a \(query.count)-character query" : "“\(query)”"
        figures.append(Figure(name: "gazetteer: look up \(label)", value: time, unit: "ms", budget: 1))
    }
    for prefix in ["S", "東", "Sa", "San", "San ", "San F", "Par", "Lon", "Richmond, V", "S, VA"] {
        let time = milliseconds { _ = gazetteer.search(prefix, limit: 5) }
        let budget: Double? = prefix.contains(",") && prefix.count < 6 ? nil : prefix.count == 1 ? 5 : 3
        figures.append(Figure(name: "gazetteer: five suggestions for “\(prefix)”", value: time, unit: "ms", budget: budget))
    }
    // Typos, where no place begins with what is typed: the query's one-edit variants probed in
    // the names' B-tree (issue 48: 2 ms a keystroke). Each query here finds its place so.
    for typo in ["Lodnon", "Pariss", "Muncih", "Lodno", "Tokoy", "Lodnon, UK", "Qwxzvbn"] {
        let time = milliseconds { _ = gazetteer.search(typo, limit: 5) }
        figures.append(Figure(name: "gazetteer: five suggestions for the typo “\(typo)”", value: time, unit: "ms", budget: 2))
    }
    return figures
}

/// The Movies and Search screens' film catalogue: the first search with the database's open
/// (each run a fresh catalogue), then searches and segments (budgets from issue 17: 60 ms with
/// the open, 3 ms a search, 20 ms for one character).
func catalogueFigures() throws -> [Figure] {
    let first = try milliseconds(runs: 9) { _ = try EmbeddedMovieCatalog.bundled().searchNow("star") }
    var figures = [Figure(name: "catalogue: first search, open included", value: first, unit: "ms", budget: 60)]
    let catalogue = EmbeddedMovieCatalog.bundled()
    try catalogue.load()
    let queries = ["s", "st", "star", "star wars", "the", "love", "lord rings", "godfather ii", "zzzz"]
    for query in queries + [String(repeating: "x", count: 5_000)] {
        let time = try milliseconds { _ = try catalogue.searchNow(query) }
        let label = query.count > 20 ? "a \(query.count)-character query" : "“\(query)”"
        figures.append(Figure(name: "catalogue: search \(label)", value: time, unit: "ms", budget: query.count == 1 ? 20 : 3))
    }
    let third = try milliseconds { _ = try catalogue.searchNow("love", page: 3) }
    figures.append(Figure(name: "catalogue: search “love”, page 3", value: third, unit: "ms", budget: 3))
    for endpoint in [Endpoint.popular, .topRated, .nowPlaying] {
        let time = try milliseconds { _ = try catalogue.moviesNow(for: endpoint) }
        figures.append(Figure(name: "catalogue: \(endpoint)", value: time, unit: "ms", budget: nil))
    }
    return figures
}
