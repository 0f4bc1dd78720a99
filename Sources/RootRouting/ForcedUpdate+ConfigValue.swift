public import Core

extension ForcedUpdate {
  /// Reads a `force_alert_information` value: `{}` means no forced update (nil); otherwise
  /// an object with a `version` (a valid version) and a `url` (an absolute URL), and
  /// optionally a `title` and a `message` (strings). Other members are ignored, so the
  /// backend may add fields without breaking older apps.
  ///
  /// The JSON is read with Core's strict parser rather than `Codable`, so the error names
  /// the member at fault in the same words on every platform.
  /// - Throws: `ConfigValueError` naming the key, the value and the member at fault.
  public static func decode(_ value: ConfigValue) throws(ConfigValueError) -> ForcedUpdate? {
    func failure(_ detail: String) -> ConfigValueError {
      ConfigValueError(
        key: value.key, rawValue: value.rawValue, expected: "a forced-update object",
        detail: detail)
    }
    guard case .object(let object) = try value.json() else {
      throw failure("expected a JSON object such as {\"version\": \"2.0.0\", \"url\": \"...\"}")
    }
    if object.isEmpty { return nil }
    guard let versionMember = object["version"] else { throw failure("missing member 'version'") }
    guard case .string(let versionText) = versionMember else {
      throw failure("member 'version' must be a string, found \(versionMember.kindDescription)")
    }
    let version: SemanticVersion
    do {
      version = try SemanticVersion(parsing: versionText)
    } catch {
      throw failure("member 'version': \(error)")
    }
    guard let urlMember = object["url"] else { throw failure("missing member 'url'") }
    guard case .string(let url) = urlMember, isAbsoluteURL(url) else {
      throw failure(
        "member 'url' must be an absolute URL string such as \"https://apps.apple.com/...\"")
    }
    let title = try optionalString("title", in: object, failure)
    let message = try optionalString("message", in: object, failure)
    return ForcedUpdate(
      title: title ?? defaultTitle, message: message ?? defaultMessage,
      minimumVersion: version, storeURL: url)
  }

  private static func optionalString(
    _ name: String, in object: JSONObject, _ failure: (String) -> ConfigValueError
  ) throws(ConfigValueError) -> String? {
    switch object[name] {
    case nil, .null?: return nil
    case .string(let text)?: return text.isEmpty ? nil : text
    case let other?:
      throw failure("member '\(name)' must be a string, found \(other.kindDescription)")
    }
  }

  /// A scheme (a letter, then letters, digits, `+`, `-` or `.`), a colon, then at least one
  /// more character and no whitespace: `https://...`, `itms-apps://...`.
  private static func isAbsoluteURL(_ text: String) -> Bool {
    guard let colon = text.firstIndex(of: ":"), colon != text.startIndex,
      text.index(after: colon) != text.endIndex
    else { return false }
    let scheme = text[..<colon]
    guard let first = scheme.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII
    else { return false }
    let schemeIsValid = scheme.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || scalar == "+" || scalar == "-" || scalar == ".")
    }
    return schemeIsValid && !text.unicodeScalars.contains { $0.properties.isWhitespace }
  }
}
