import Core

/// The tool's JSON for a set of values: one object, key -> `{"value", "source"}` (and
/// `"reasons"` when explained), keys sorted, as `evaluate` and `fetch` print it.
enum ConfigValuesJSON {
  /// The object for every key of `values`. With `reasons`, each entry also lists the reasons
  /// behind its value: `reasons(keys)` gives one list per key, in the order of `keys`.
  static func object(
    _ values: some ConfigValues, reasons: (([String]) -> [[Reason]])? = nil
  ) -> JSONValue {
    let keys = values.keys.sorted()
    let explanations = reasons?(keys)
    var object = JSONObject()
    for (position, key) in keys.enumerated() {
      guard let value = values.configValue(forKey: key) else { continue }
      var entry = JSONObject([
        ("value", .string(value.rawValue)), ("source", .string(value.source.rawValue)),
      ])
      if let explanations {
        entry["reasons"] = .array(explanations[position].map { .string($0.description) })
      }
      object[key] = .object(entry)
    }
    return .object(object)
  }
}
