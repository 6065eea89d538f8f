/// One thing the user did at the keyboard or with the mouse, decoded from the terminal's input bytes.
public enum Key: Hashable, Sendable {
    /// Printable text typed; characters that arrive together come as one run.
    case text(String)
    /// A bracketed paste: the pasted text with control characters removed and line breaks and
    /// tabs turned into spaces.
    case paste(String)
    /// Ctrl with a letter, as the lowercase letter: `.control("c")` is Ctrl-C. Ctrl-I, Ctrl-M,
    /// Ctrl-J, Ctrl-H and Ctrl-[ arrive as `.tab`, `.enter`, `.enter`, `.backspace`, `.escape`.
    case control(Character)
    /// Alt (or Esc quickly followed by) a printable character: `.alt("1")` is Alt-1.
    case alt(Character)
    /// A function key: `.function(1)` is F1.
    case function(Int)
    case up, down, left, right
    case home, end, pageUp, pageDown, insert, delete
    case enter, tab, backTab, backspace, escape
    /// A click, a release or a turn of the wheel, reported while mouse reporting is on.
    case mouse(MouseEvent)
}
