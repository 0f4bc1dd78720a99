/// A config value that does not read as the type asked for. The message names the key, the
/// value and what was expected, so a person can fix the template.
public struct ConfigValueError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The key the value was read for ("" when unknown).
  public let key: String
  /// The value as stored.
  public let rawValue: String
  /// What the reader expected, e.g. `a boolean`, `JSON for Campaign`.
  public let expected: String
  /// More detail, e.g. the JSON error's position; nil when there is none.
  public let detail: String?

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(key: String, rawValue: String, expected: String, detail: String? = nil) {
    self.key = key
    self.rawValue = rawValue
    self.expected = expected
    self.detail = detail
  }

  /// For example `key 'isUnderMaintenance': "maybe" is not a boolean`.
  public var description: String {
    // Up to 80 characters whole, else the first 77 and `...`.
    let (whole, isCut) = Excerpt.cut(rawValue, length: 80)
    let shown = isCut ? Excerpt.of(rawValue, length: 77) : whole
    let subject = key.isEmpty ? "value" : "key \(Excerpt.quoted(key))"
    var text = "\(subject): \"\(shown)\" is not \(expected)"
    if let detail { text += " (\(detail))" }
    return text
  }
}
