/// Where a config value came from, with Firebase's names.
public enum ConfigValueSource: String, Sendable, Hashable, CaseIterable, Codable {
  /// The fetched template supplied it (a conditional value or the parameter's default).
  case remote
  /// The app's in-app defaults supplied it.
  case `default`
  /// Nothing supplied it: the value is the empty string.
  case `static`
}

extension ConfigValueSource: CustomStringConvertible {
  /// `remote`, `default` or `static`.
  public var description: String { rawValue }
}
