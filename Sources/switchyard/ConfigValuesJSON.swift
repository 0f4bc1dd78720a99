import Core

/// The tool's JSON for a set of values: one object, key -> `{"value", "source"}`, keys
/// sorted, as `evaluate` and `fetch` print it.
enum ConfigValuesJSON {
  /// The object for every key of `values`.
  static func object(_ values: some ConfigValues) -> JSONValue {
    var object = JSONObject()
    for key in values.keys.sorted() {
      guard let value = values.configValue(forKey: key) else { continue }
      object[key] = .object(
        JSONObject([
          ("value", .string(value.rawValue)), ("source", .string(value.source.rawValue)),
        ]))
    }
    return .object(object)
  }
}
