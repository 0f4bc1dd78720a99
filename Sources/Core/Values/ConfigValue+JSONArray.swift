extension ConfigValue {
  /// The value's elements when it is a JSON array, read with Core's strict parser so the
  /// error says the same thing on every platform.
  /// - Parameter expected: what the caller expects, for the error, e.g. `a JSON array of names`.
  /// - Throws: `ConfigValueError` naming the key when the value is not JSON or not an array.
  public func jsonArray(expected: String) throws(ConfigValueError) -> [JSONValue] {
    let json: JSONValue
    do {
      json = try JSONParser().parse(rawValue)
    } catch {
      throw ConfigValueError(
        key: key, rawValue: rawValue, expected: expected, detail: "invalid JSON: \(error)")
    }
    guard case .array(let elements) = json else {
      throw ConfigValueError(
        key: key, rawValue: rawValue, expected: expected, detail: "found \(json.kindDescription)")
    }
    return elements
  }
}
