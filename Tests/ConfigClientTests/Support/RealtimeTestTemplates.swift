/// Template JSON with a version number, for the real-time tests: version N carries the
/// values the test names.
enum RealtimeTestTemplates {
  /// `{"version": {"versionNumber": "N"}, "parameters": {...}}` with one string parameter
  /// per entry of `values`.
  static func json(version: Int, _ values: [String: String]) -> String {
    let parameters = values.sorted { $0.key < $1.key }.map { key, value in
      "\"\(key)\": {\"defaultValue\": {\"value\": \"\(value)\"}}"
    }
    return "{\"version\": {\"versionNumber\": \"\(version)\"}, \"parameters\": {"
      + parameters.joined(separator: ", ") + "}}"
  }
}
