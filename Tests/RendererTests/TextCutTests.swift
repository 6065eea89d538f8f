import Renderer
import Testing

/// Text cut to fit ends with `…`, measured by display width: wide characters and emoji included.
struct TextCutTests {
    @Test(arguments: [
        ("Ada Lovelace", 12, "Ada Lovelace"),
        ("The Fellowship of the Ring (2001)", 24, "The Fellowship of the R…"),
        ("Hakeem Olajuwon", 10, "Hakeem Ol…"),
        ("Now Playing", 5, "Now…"),
        ("東京都千代田区", 7, "東京都…"),
        ("東京都千代田区", 6, "東京…"),
        ("Ada 👍🏽👍🏽", 6, "Ada…"),
        ("👩‍💻👩‍💻👩‍💻", 5, "👩‍💻👩‍💻…"),
        ("Ada", 1, "…"),
        ("Ada", 0, ""),
    ])
    func whatDoesNotFitEndsWithTheMark(text: String, width: Int, cut: String) {
        #expect(TextCut.fitting(text, width: width) == cut)
        #expect(DisplayWidth.of(TextCut.fitting(text, width: width)) <= width)
    }

    @Test func wrappedTextLeftOutBelowItsRowsEndsTheLastRowWithTheMark() {
        let text = "Everything You Always Wanted to Know About Sex * But Were Afraid to Ask (1972)"
        #expect(TextWrap.lines(text, width: 20, rows: 2) == ["Everything You", "Always Wanted to Kn…"])
        #expect(TextWrap.lines("Alien (1979)", width: 20, rows: 2) == ["Alien (1979)"])
        #expect(TextWrap.lines("Alien (1979)", width: 6, rows: 2) == ["Alien", "(1979)"])
        #expect(TextWrap.lines("Alien (1979)", width: 6, rows: 1) == ["Alien…"])
        #expect(TextWrap.lines("Alien (1979)", width: 6, rows: 0) == [])
    }

    @MainActor @Test func aSurfaceCutsAtItsWidthAndAtItsEdgeWithTheMark() {
        let grid = GridSurface(size: Size(columns: 12, rows: 3))
        #expect(grid.draw("Hakeem Olajuwon", row: 0, column: 1, width: 8) == 8, "the blank before the mark is left out")
        grid.draw("千と千尋の神隠し", row: 1, column: 2)
        grid.draw("Ada Lovelace", row: 2, column: 0)
        #expect(grid.lines == [" Hakeem…", "  千と千尋…", "Ada Lovelace"])
    }
}
