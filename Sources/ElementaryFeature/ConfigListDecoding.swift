import Core

/// Decoders for the module's JSON list keys. They read with Core's strict parser rather than
/// `Codable`, so a diagnostic names the element at fault in the same words on every platform.
enum ConfigListDecoding {
  /// A JSON array of elementary years, each a whole number 1...6: `[1, 2]`.
  @Sendable
  static func years(_ value: ConfigValue) throws(ConfigValueError) -> [Int] {
    let expected = "a JSON array of elementary years such as [1, 2]"
    let elements = try array(value, expected: expected)
    var years: [Int] = []
    for (index, element) in elements.enumerated() {
      guard case .number(let number) = element, let year = number.intValue,
        SchoolStage.elementary.validYears.contains(year)
      else {
        throw ConfigValueError(
          key: value.key, rawValue: value.rawValue, expected: expected,
          detail: "element [\(index)] must be a year 1...6, found \(element.jsonText)")
      }
      years.append(year)
    }
    return years
  }

  /// A JSON array of strings: `["review", "library"]`.
  @Sendable
  static func names(_ value: ConfigValue) throws(ConfigValueError) -> [String] {
    let expected = "a JSON array of names"
    let elements = try array(value, expected: expected)
    var names: [String] = []
    for (index, element) in elements.enumerated() {
      guard case .string(let name) = element else {
        throw ConfigValueError(
          key: value.key, rawValue: value.rawValue, expected: expected,
          detail: "element [\(index)] must be a string, found \(element.kindDescription)")
      }
      names.append(name)
    }
    return names
  }

  private static func array(
    _ value: ConfigValue, expected: String
  ) throws(ConfigValueError) -> [JSONValue] {
    let json: JSONValue
    do {
      json = try JSONParser().parse(value.rawValue)
    } catch {
      throw ConfigValueError(
        key: value.key, rawValue: value.rawValue, expected: expected,
        detail: "invalid JSON: \(error)")
    }
    guard case .array(let elements) = json else {
      throw ConfigValueError(
        key: value.key, rawValue: value.rawValue, expected: expected,
        detail: "found \(json.kindDescription)")
    }
    return elements
  }
}
