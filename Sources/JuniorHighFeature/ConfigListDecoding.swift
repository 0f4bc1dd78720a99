import Core

/// The decoder for the module's JSON list key. It reads with Core's strict parser rather
/// than `Codable`, so a diagnostic names the element at fault in the same words on every
/// platform.
enum ConfigListDecoding {
  /// A JSON array of strings: `["today", "practice"]`.
  @Sendable
  static func names(_ value: ConfigValue) throws(ConfigValueError) -> [String] {
    func failure(_ detail: String) -> ConfigValueError {
      ConfigValueError(
        key: value.key, rawValue: value.rawValue, expected: "a JSON array of names",
        detail: detail)
    }
    let json: JSONValue
    do {
      json = try JSONParser().parse(value.rawValue)
    } catch {
      throw failure("invalid JSON: \(error)")
    }
    guard case .array(let elements) = json else {
      throw failure("found \(json.kindDescription)")
    }
    var names: [String] = []
    for (index, element) in elements.enumerated() {
      guard case .string(let name) = element else {
        throw failure("element [\(index)] must be a string, found \(element.kindDescription)")
      }
      names.append(name)
    }
    return names
  }
}
