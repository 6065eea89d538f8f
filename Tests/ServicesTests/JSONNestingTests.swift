import Foundation
@testable import Services
import Testing

struct JSONNestingTests {
    @Test func ordinaryAnswersAreShallow() {
        #expect(JSONNesting.isShallow(Data(#"{"results":[{"id":1,"genre_ids":[28,12]}],"page":1}"#.utf8)))
    }

    @Test func nestingPastTheLimitIsRefused() {
        #expect(!JSONNesting.isShallow(Data((String(repeating: "[", count: 65) + String(repeating: "]", count: 65)).utf8)))
        #expect(JSONNesting.isShallow(Data((String(repeating: "[", count: 64) + String(repeating: "]", count: 64)).utf8)))
    }

    @Test func bracketsInsideStringsDoNotCount() {
        let text = #"{"title":"[[[[\"{{{{"}"#.replacingOccurrences(of: "[[[[", with: String(repeating: "[", count: 500))
        #expect(JSONNesting.isShallow(Data(text.utf8)))
    }
}
