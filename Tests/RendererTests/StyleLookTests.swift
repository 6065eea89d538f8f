import Renderer
import Testing

/// How each style looks in each mode: with 256 colours, with 8, and without colour, where the
/// things a reader must tell apart still look different.
struct StyleLookTests {
    /// The styles a reader tells apart: a heading, a problem, a prompt, the chosen row or tab.
    static let toTellApart: [Style] = [.normal, .title, .error, .prompt, .selectedTab]

    @Test(arguments: [0, 8, 256])
    func aProblemAPromptAHeadingAndTheChosenRowEachLookTheirOwnWay(colors: Int) {
        let looks = Self.toTellApart.map { StyleLook.of($0, colors: colors) }
        #expect(Set(looks.map { "\($0)" }).count == looks.count, "\(zip(Self.toTellApart, looks).map { "\($0): \($1)" })")
    }

    @Test func withoutColourAttributesCarryEveryStyle() {
        let look = { StyleLook.of($0, colors: 0) }
        #expect(Style.allCases.allSatisfy { look($0).pair == 0 })
        #expect(look(.title) == StyleLook(bold: true))
        #expect(look(.error) == StyleLook(bold: true, underline: true))
        #expect(look(.prompt) == StyleLook(underline: true))
        #expect(look(.selectedTab) == StyleLook(bold: true, reverse: true))
        #expect(look(.statusBar) == StyleLook(reverse: true))
        #expect(look(.bar).reverse, "a bar is blank cells: without colour only reverse video shows it")
    }

    @Test func withManyColoursStylesDifferByColourAloneButTheBars() {
        let looks = Style.allCases.map { StyleLook.of($0, colors: 256) }
        #expect(looks.filter { $0.bold || $0.dim || $0.underline }.isEmpty)
        #expect(Style.allCases.filter { StyleLook.of($0, colors: 256).reverse } == [.statusBar, .key])
        #expect(StyleLook.of(.normal, colors: 256).pair == StyleLook.plainPair)
    }

    @Test func withEightColoursBoldComesBackForEmphasis() {
        #expect([Style.title, .prompt, .error].allSatisfy { StyleLook.of($0, colors: 8).bold })
        #expect(StyleLook.of(.dim, colors: 8) == StyleLook(dim: true))
    }
}
