/// Why no access token could be had: what failed, and what to check. The message never holds
/// a token, refresh token or key.
public struct CredentialsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The kinds of failure a caller may treat differently.
  public enum Kind: Sendable, Equatable {
    /// No credentials were found anywhere discovery looked.
    case notFound
    /// A credentials file could not be read or is not valid.
    case invalidFile
    /// The token endpoint refused (e.g. `invalid_grant`), or answered something unusable.
    case refused
    /// The token endpoint or metadata server could not be reached or did not answer in time.
    case unreachable
    /// The request would have sent a secret over plain HTTP to a host that is not loopback.
    case insecureTransport
  }

  /// The kind of failure.
  public let kind: Kind
  /// One or more lines for a person: what failed, where, and how to fix it.
  public let message: String

  /// An error of `kind` with `message` (which must not hold a secret).
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
