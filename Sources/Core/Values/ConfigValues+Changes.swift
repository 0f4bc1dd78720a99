extension ConfigValues {
  /// The keys whose value differs between these values and `other`: present in one only, or
  /// with a different raw value or source. What a client's update names, and what tells a
  /// re-evaluation that changed nothing from one that must be applied.
  package func keysWithChangedValues(comparedTo other: some ConfigValues) -> Set<String> {
    Set(keys).union(other.keys).filter {
      configValue(forKey: $0) != other.configValue(forKey: $0)
    }
  }
}
