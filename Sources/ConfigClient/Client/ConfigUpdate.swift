/// One change of the client's active values, as `updates()` delivers it.
public struct ConfigUpdate: Sendable {
  /// The keys whose evaluated value changed: added, removed, or a different value or source.
  /// Never empty: a change that changes no value is not delivered.
  public let updatedKeys: Set<String>
  /// The new active snapshot.
  public let snapshot: ConfigSnapshot

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(updatedKeys: Set<String>, snapshot: ConfigSnapshot) {
    self.updatedKeys = updatedKeys
    self.snapshot = snapshot
  }
}
