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
    /// A credentials file of a type Switchyard does not read yet (e.g.
    /// `impersonated_service_account`, `external_account`).
    case unsupported
    /// A value given in code or the environment is unusable: an access token with spaces or
    /// control characters, a `GCE_METADATA_HOST` that is not `host[:port]`, a
    /// `SWITCHYARD_OAUTH_TOKEN_URL` that is not https.
    case invalidValue
    /// No project ID was given and none could be found.
    case noProject
  }

  /// The kind of failure.
  public let kind: Kind
  /// One line for a person: what failed, where, and how to fix it.
  public let message: String

  /// An error of `kind` with `message` (which must not hold a secret).
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public var description: String { message }

  /// `Looked, in order, at: 1. first; 2. second.`: the places a search tried, numbered, on one
  /// line, as the errors of discovery and project resolution list them.
  static func placesTried(_ tried: [String]) -> String {
    "Looked, in order, at: "
      + tried.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "; ") + "."
  }
}
