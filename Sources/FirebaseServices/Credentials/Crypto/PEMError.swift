/// Why a text is not the PEM block wanted. Messages quote labels and line numbers (counted
/// within the PEM text), never the body.
enum PEMError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Nothing but whitespace.
  case empty
  /// No `-----BEGIN` line at all.
  case noBeginLine(expected: [String])
  /// A `-----BEGIN` line that is not `-----BEGIN LABEL-----`.
  case malformedBeginLine(line: Int)
  /// A PEM block of another kind.
  case wrongLabel(found: String, expected: [String])
  /// The text ends before the END line.
  case cutOff(label: String)
  /// An END line for another label, or a malformed one (`found` is nil then).
  case mismatchedEnd(label: String, found: String?)
  /// RFC 1421 encryption headers: the key needs a passphrase.
  case encrypted
  /// A character that is not base64 on a line, or misplaced padding (`line` is nil then).
  case invalidBase64(line: Int?)
  /// A body whose length is not a multiple of 4.
  case base64CutOff(characters: Int)
  /// BEGIN and END lines with nothing between them.
  case emptyBody

  /// The problem in words, e.g. `expected '-----BEGIN PRIVATE KEY-----', found
  /// '-----BEGIN CERTIFICATE-----'`.
  var description: String {
    switch self {
    case .empty: "is empty"
    case .noBeginLine(let expected):
      "is not PEM: expected \(Self.alternatives(expected)), found no '-----BEGIN' line"
    case .malformedBeginLine(let line):
      "PEM line \(line): a malformed '-----BEGIN' line"
    case .wrongLabel(let found, let expected):
      "expected \(Self.alternatives(expected)), found '-----BEGIN \(found)-----'"
    case .cutOff(let label):
      "the PEM is cut off: it ends before its '-----END \(label)-----' line"
    case .mismatchedEnd(let label, let found):
      "the PEM begins '-----BEGIN \(label)-----' but ends "
        + (found.map { "'-----END \($0)-----'" } ?? "with a malformed '-----END' line")
    case .encrypted:
      "the PEM is encrypted with a passphrase; decrypt it first (openssl pkey -in KEY -out PLAIN)"
    case .invalidBase64(let line):
      line.map { "PEM line \($0) holds characters that are not base64" }
        ?? "the PEM body is not valid base64 (misplaced '=' padding)"
    case .base64CutOff(let characters):
      "the PEM body is cut off: \(characters) base64 characters, not a multiple of 4"
    case .emptyBody: "the PEM has no body between its BEGIN and END lines"
    }
  }

  private static func alternatives(_ labels: [String]) -> String {
    labels.map { "'-----BEGIN \($0)-----'" }.joined(separator: " or ")
  }
}
