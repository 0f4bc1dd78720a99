import Core

extension ConfigSnapshot {
  /// The keys whose value differs between this snapshot and `other`: present in one only,
  /// or with a different raw value or source. A real diff of evaluated values, so a new
  /// template that evaluates the same way changes nothing.
  public func changedKeys(comparedTo other: ConfigSnapshot) -> Set<String> {
    var changed: Set<String> = []
    for key in Set(keys).union(other.keys)
    where configValue(forKey: key) != other.configValue(forKey: key) {
      changed.insert(key)
    }
    return changed
  }
}
