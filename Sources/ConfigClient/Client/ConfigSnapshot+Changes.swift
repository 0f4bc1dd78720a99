import ConfigEngine
import Core

extension ConfigSnapshot {
  /// The keys whose value differs between this snapshot and `other`: present in one only,
  /// or with a different raw value or source. A real diff of evaluated values, so a new
  /// template that evaluates the same way changes nothing.
  ///
  /// Templates fetched from Firebase's app fetch also carry per-key metadata
  /// (personalization, rollouts, experiments); a key whose metadata changed is named too, as
  /// Firebase's `updatedKeys` names it, even when its value is the same.
  public func changedKeys(comparedTo other: ConfigSnapshot) -> Set<String> {
    var changed = keysWithChangedValues(comparedTo: other)
    changed.formUnion(
      CompiledTemplate.keysWithChangedMetadata(from: other.template, to: template))
    return changed
  }
}
