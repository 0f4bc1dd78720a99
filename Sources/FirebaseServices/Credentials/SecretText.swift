import Foundation

/// A secret string (a refresh token, a client secret, a signed assertion) held so that
/// nothing shows it by accident: its description, debug description and mirror are
/// `<redacted>`, so string interpolation, `dump` and debuggers print that instead.
///
/// `value` is for the one place the secret goes (a request body), and `scrubbed(_:)` for
/// text from outside that might echo it back (an error description).
struct SecretText: Sendable, RedactedDescription {
  /// The secret itself.
  let value: String

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  init(_ value: String) {
    self.value = value
  }

  /// What is shown instead of the secret.
  var redactedSummary: String { "<redacted>" }

  /// `text` with every occurrence of the secret, as sent or form-encoded, replaced by
  /// `<redacted>`: a server (or a proxy) that quotes the request in its error cannot make a
  /// message show the secret. Scrub before cutting a text to length, so no piece survives.
  func scrubbed(_ text: String) -> String {
    guard !value.isEmpty else { return text }
    var text = text
    for form in Set([value, FormURLEncoding.encode(value)]) {
      text = text.replacingOccurrences(of: form, with: redactedSummary)
    }
    return text
  }
}
