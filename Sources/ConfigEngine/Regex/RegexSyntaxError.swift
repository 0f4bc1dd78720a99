import Core

/// Why a pattern is not a regex `BoundedRegex` accepts, and where.
///
/// Unsupported constructs (backreferences, lookaround, possessive quantifiers, unknown
/// escapes) are errors rather than silent mismatches, so a template author learns that a
/// condition cannot work instead of seeing it quietly evaluate to false.
struct RegexSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The pattern as given.
  let pattern: String
  /// The 1-based column of the problem, in characters; one past the end for a pattern that
  /// stops too early (`(a` reports column 3).
  let column: Int
  /// What is wrong, e.g. `unbalanced ')'` or `backreferences are not supported`.
  let message: String

  init(pattern: String, column: Int, message: String) {
    self.pattern = pattern
    self.column = column
    self.message = message
  }

  /// For example `invalid regex "(a" at column 3: expected ')'`; a pattern over 79
  /// characters is shortened with `…`, and line breaks and other control characters are
  /// spelled `U+XXXX` (Core's `Excerpt` rule), so the message stays one readable line.
  var description: String {
    let shown = Excerpt.of(pattern, length: 79, ellipsis: "…")
    return "invalid regex \"\(shown)\" at column \(column): \(message)"
  }
}
