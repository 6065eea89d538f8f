import CNcurses
import CTerminal
import Foundation
import Renderer

/// The terminal, drawn through ncursesw: the only type in the program that calls ncurses.
///
/// Views draw into its virtual screen through ``Surface``; ``present()`` sends the difference
/// from what the terminal shows with one `doupdate`.
@MainActor
public final class NcursesTerminal: Surface {
    /// Why the terminal could not be started.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    public private(set) var size: Size
    public var cursor: Position?
    public var focus: Position?
    public var mouseTargets: [MouseTarget] = []
    private let window: UnsafeMutablePointer<WINDOW>
    private let output: UnsafeMutablePointer<FILE>
    private let appearance: [Style: (attributes: attr_t, pair: Int16)]
    private var isCursorVisible: Bool?
    private var isStopped = false

    /// Why the terminal type `TERM` names cannot show the app, or nil when it can: a type the
    /// terminfo database knows without cursor addressing (`dumb`, as Emacs' shell and some CI
    /// logs set it) cannot draw a screen. An unknown or unset type is no reason: the app falls
    /// back to xterm-256color. Reads the terminfo database only, and writes nothing to the terminal.
    public static func reasonItCannotDraw(terminalType: String?) -> String? {
        guard let name = terminalType.flatMap({ $0.isEmpty ? nil : $0 }), mt_can_address_cursor(name) == 0 else { return nil }
        return "TERM=\(name) cannot move the cursor, which the app needs to draw its screen"
    }

    /// Starts full-screen mode on standard input and output: the alternate screen, keys read
    /// one at a time without echo, bracketed paste on, colours unless `useColor` is false, and
    /// mouse reports (SGR, clicks and the wheel) when `useMouse` is true.
    public init(useColor: Bool, useMouse: Bool = false) throws {
        guard let output = fdopen(STDOUT_FILENO, "w"), let input = fdopen(STDIN_FILENO, "r") else {
            throw StartError(description: "cannot open the terminal's streams")
        }
        ct_save_terminal(STDOUT_FILENO)
        let requested = ProcessInfo.processInfo.environment["TERM"].flatMap { $0.isEmpty ? nil : $0 }
        guard
            let screen = newterm(requested ?? Self.fallbackTerminal, output, input)
                ?? newterm(Self.fallbackTerminal, output, input)
        else {
            throw StartError(description: "ncurses cannot drive terminal type \(requested ?? Self.fallbackTerminal)")
        }
        set_term(screen)
        guard let window = mt_stdscr() else { throw StartError(description: "ncurses has no screen") }
        self.window = window
        self.output = output
        cbreak()
        noecho()
        nonl()
        intrflush(window, false)
        appearance = Self.appearance(colors: useColor ? Self.startColors() : 0)
        if let plain = appearance[.normal], plain.pair != 0 {
            wbkgdset(window, chtype(mt_color_pair(plain.pair)) | chtype(UInt8(ascii: " ")))
        }
        Self.sendFramesWhole()
        size = Size(columns: Int(mt_cols()), rows: Int(mt_lines()))
        let restore = Self.restoreSequence
        ct_set_restore_sequence(restore, restore.utf8.count)
        // ncurses writes to the descriptor itself and never flushes this stream: unflushed, the
        // request waited in its buffer until the program ended, and every paste came as typing.
        fputs(Self.bracketedPasteOn + (useMouse ? Self.mouseOn : ""), output)
        fflush(output)
    }

    // MARK: - Surface

    public func clear() {
        werase(window)
        cursor = nil
        focus = nil
        mouseTargets = []
    }

    public func setCell(row: Int, column: Int, character: Character, width: Int, style: Style) {
        var wide: [wchar_t] = character.unicodeScalars.prefix(5).map { wchar_t(bitPattern: $0.value) }
        wide.append(0)
        let look = appearance[style] ?? (mt_a_normal(), 0)
        _ = mt_put_cell(window, Int32(row), Int32(column), &wide, look.attributes, look.pair)
    }

    // MARK: - Frames

    /// Sends what changed since the last frame to the terminal.
    public func present() {
        // ncurses sends a change of the cursor's visibility at once: hidden before the frame, shown
        // after it, the cursor never shows where the last frame left it.
        let visible = cursor != nil
        if !visible, isCursorVisible != false {
            curs_set(0)
            isCursorVisible = false
        }
        // Shown, the cursor is the caret; hidden, it is put on the chosen row, where a screen
        // reader or a braille display following it finds the selection.
        if let position = cursor ?? focus { wmove(window, Int32(position.row), Int32(position.column)) }
        wnoutrefresh(window)
        doupdate()
        if visible, isCursorVisible != true {
            curs_set(1)
            isCursorVisible = true
        }
    }

    /// Makes the next `present()` clear the terminal and send every cell, not only what changed:
    /// the cost of a whole frame, as after the terminal lost its contents.
    public func repaintAll() {
        clearok(window, true)
    }

    /// Takes the terminal's new size after SIGWINCH; the next frame is drawn at that size.
    public func resize() {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else { return }
        resizeterm(Int32(window.ws_row), Int32(window.ws_col))
        size = Size(columns: Int(mt_cols()), rows: Int(mt_lines()))
    }

    /// Leaves full-screen mode and puts the terminal back as it was.
    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        fputs(Self.bracketedPasteOff + Self.mouseOff, output)
        endwin()
        fflush(output)
    }

    // MARK: - Private

    /// Makes ncurses send each frame in one write, not a write at every cursor movement.
    ///
    /// ncurses 6.4 empties its output buffer after each cursor movement while the screen is in
    /// its first state, meant for a program that moves the cursor before it draws; a screen
    /// leaves that state only when suspended (`endwin`) and resumed (the next `doupdate`). Until
    /// then a frame reaches the terminal in as many writes as it moves the cursor (a tab switch:
    /// 10 to 50), and a terminal may show it half drawn. Suspended and resumed here, before the
    /// first frame, the terminal sees the alternate screen entered, left and entered again, and
    /// the tty's modes put back at once. Docs/DECISIONS.md, "A frame goes to the terminal in one
    /// write"; `FrameWritesEndToEndTests` fails when a frame takes more writes.
    ///
    /// ncurses also looks for typed keys while it sends a frame and, finding one, sends what it
    /// has and leaves the rest for later; the program reads the keys itself, so it tells ncurses
    /// not to look (`typeahead(-1)`).
    private static func sendFramesWhole() {
        typeahead(-1)
        endwin()
        doupdate()
    }

    private static let fallbackTerminal = "xterm-256color"
    private static let bracketedPasteOn = "\u{1B}[?2004h"
    private static let bracketedPasteOff = "\u{1B}[?2004l"
    /// Clicks and releases (1000), the wheel among them, reported in SGR form (1006): any column
    /// and row, and a release that says it is one.
    private static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"
    private static let mouseOff = "\u{1B}[?1006l\u{1B}[?1000l"

    /// What a crash writes to put the screen back: paste mode and mouse reports off, attributes reset, cursor
    /// shown, the alternate screen left (the terminal's own strings where it has them).
    private static var restoreSequence: String {
        bracketedPasteOff + mouseOff + capability("sgr0", or: "\u{1B}[0m") + capability("cnorm", or: "\u{1B}[?25h")
            + capability("rmcup", or: "\u{1B}[?1049l")
    }

    private static func capability(_ name: String, or fallback: String) -> String {
        guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return fallback }
        return String(cString: value)
    }

    /// How many colours the terminal shows once colours are started: 0 when it cannot show the
    /// styles' colours on its own background (attributes then carry every style).
    private static func startColors() -> Int {
        guard has_colors(), start_color() == OK, use_default_colors() == OK,
            mt_color_pairs() > Int32(plainPair)
        else { return 0 }
        let colors = Int(mt_colors())
        let bright = colors >= 16
        init_pair(1, Int16(bright ? 14 : COLOR_CYAN), -1)
        init_pair(2, Int16(COLOR_BLACK), Int16(COLOR_CYAN))
        init_pair(3, Int16(bright ? 11 : COLOR_YELLOW), -1)
        init_pair(4, Int16(bright ? 9 : COLOR_RED), -1)
        init_pair(5, Int16(bright ? 8 : COLOR_WHITE), -1)
        init_pair(6, -1, Int16(COLOR_CYAN))
        init_pair(7, Int16(COLOR_CYAN), -1)
        init_pair(plainPair, -1, -1)
        return colors
    }

    private static let plainPair = StyleLook.plainPair

    /// Each style's attributes and colour pair, as `StyleLook` says it looks with `colors` colours.
    private static func appearance(colors: Int) -> [Style: (attributes: attr_t, pair: Int16)] {
        Dictionary(
            uniqueKeysWithValues: Style.allCases.map { style in
                let look = StyleLook.of(style, colors: colors)
                var attributes = mt_a_normal()
                if look.bold { attributes |= mt_a_bold() }
                if look.dim { attributes |= mt_a_dim() }
                if look.reverse { attributes |= mt_a_reverse() }
                if look.underline { attributes |= mt_a_underline() }
                return (style, (attributes, look.pair))
            })
    }
}
