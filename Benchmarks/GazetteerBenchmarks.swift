import Foundation
import Services

/// The Weather screen's gazetteer: the first lookup with its lazy load, then lookups and the
/// suggestion lists typed letter by letter (budgets from the Weather issue: 150 ms, then 1 ms).
func gazetteerFigures() throws -> [Figure] {
    let gazetteer = EmbeddedGazetteer.bundled()
    let first = try milliseconds(runs: 1) { _ = try gazetteer.load(); _ = gazetteer.search("Richmond, VA", limit: 1) }
    var figures = [Figure(name: "gazetteer: first lookup, load included", value: first, unit: "ms", budget: 150)]
    for query in ["Richmond, VA", "Richmond", "paris", "Sao Paulo", "東京", "McGaheysville, VA", String(repeating: "q", count: 5_000)] {
        let time = milliseconds { _ = gazetteer.search(query, limit: 1) }
        let label = query.count > 20 ? "a \(query.count)-character query" : "“\(query)”"
        figures.append(Figure(name: "gazetteer: look up \(label)", value: time, unit: "ms", budget: 1))
    }
    for prefix in ["S", "Sa", "San", "San ", "San F"] {
        let time = milliseconds { _ = gazetteer.search(prefix, limit: 5) }
        figures.append(Figure(name: "gazetteer: five suggestions for “\(prefix)”", value: time, unit: "ms", budget: 1))
    }
    return figures
}
