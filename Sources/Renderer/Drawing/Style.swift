/// What a piece of text is, for the terminal to choose its colours and attributes.
///
/// Views name the role; the terminal decides how it looks with and without colour, so
/// `NO_COLOR` changes the look and never the meaning (the selected tab also has brackets).
public enum Style: Hashable, Sendable, CaseIterable {
    case normal
    /// Headings and names that matter.
    case title
    /// Less important text: hints, separators.
    case dim
    /// The tab whose screen shows.
    case selectedTab
    /// The bottom line of keys.
    case statusBar
    /// A key's name inside the status line or the help.
    case key
    /// The word before the input line.
    case prompt
    /// A message about something that went wrong.
    case error
    /// A solid bar of a chart, drawn as blank cells on a background colour (reverse video
    /// without colour): one byte a cell.
    case bar
}
