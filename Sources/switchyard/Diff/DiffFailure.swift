/// What `diff --fail-on` fails on.
enum DiffFailure: String, Sendable {
  /// Any user's value of any key.
  case values
  /// Any routed user's screen or orientations.
  case routes
}
