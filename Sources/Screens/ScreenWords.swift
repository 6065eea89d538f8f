/// Words more than one screen says, so that every screen says them alike.
public enum ScreenWords {
    /// What a screen says while its first data comes: the original apps' `Loading...` (the
    /// Weather screen's name, the Movies screen's line of news).
    public static let loading = "Loading..."
}
