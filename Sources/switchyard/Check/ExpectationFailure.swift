import Core

/// What one expectation of a `check` line got wrong: what was expected, what came, and the
/// reasons behind what came (the route's for a screen or orientations, the template's
/// explanation of the key for a value).
struct ExpectationFailure: Sendable, Equatable {
  /// The part of the expectation.
  enum Part: String, Sendable {
    case screen, orientations, value
  }

  let what: Part
  /// The key, for a value.
  var key: String? = nil
  let expected: JSONValue
  /// What came; null for a key defined nowhere.
  let actual: JSONValue
  let reasons: [String]

  /// `{"what", "key"?, "expected", "actual", "reasons"}`.
  var json: JSONValue {
    var object = JSONObject([("what", .string(what.rawValue))])
    if let key { object["key"] = .string(key) }
    object["expected"] = expected
    object["actual"] = actual
    object["reasons"] = .array(reasons.map(JSONValue.string))
    return .object(object)
  }
}
