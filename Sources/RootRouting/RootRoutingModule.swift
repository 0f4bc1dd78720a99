import Core

/// Root screen decisions and the orientation policy. Its types arrive with the routing issue.
public enum RootRoutingModule {
  /// The module's name, as `switchyard keys` and diagnostics print it.
  public static let name = "RootRouting"
}
