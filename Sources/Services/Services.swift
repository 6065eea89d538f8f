/// The Services layer: live implementations of the protocols in `Models` (HTTP clients,
/// embedded data, SQLite stores) and the program's directories.
public enum Services {}
