/// The Models layer: plain data, domain rules and the service protocols the screens depend on.
///
/// It imports Foundation only. Each screen's issue brings its models here (locations and
/// weather, movies, the game, people); the foundation adds none of them ahead of their use.
public enum Models {}
