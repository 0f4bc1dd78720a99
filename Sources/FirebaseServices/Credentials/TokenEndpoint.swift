import Core
import Foundation
import HTTPTransport

/// An OAuth 2.0 token endpoint (Google's, a key file's `token_uri`, or a test's): one form
/// POST trades a grant for an access token.
///
/// Every request carries a secret, so it is marked `carriesSecret` and goes only over https
/// or to loopback. A refusal becomes `.refused` with Google's `error` and
/// `error_description` and, for `invalid_grant` and `invalid_client`, what they usually
/// mean; a 5xx, 408 or 429, an error Google calls temporary (`internal_failure`,
/// `server_error`, `temporarily_unavailable`, google-auth-library-python's `_client.py:45-110`)
/// and a timeout are `.unreachable`. No message holds the grant's secrets, even when the
/// server quotes them back.
struct TokenEndpoint: Sendable {
  /// How long one token request may take, redirects included.
  static let timeout: Duration = .seconds(30)
  /// The largest answer read; Google's are a few hundred bytes.
  static let maximumResponseBytes = 64 * 1024
  /// OAuth error codes that mean "try again later".
  static let temporaryErrors: Set<String> = [
    "internal_failure", "server_error", "temporarily_unavailable",
  ]

  /// What is traded for a token.
  enum Grant: Sendable {
    /// A user's refresh token (RFC 6749 §6), as gcloud's `authorized_user` files hold it.
    case refreshToken(clientID: String, clientSecret: SecretText, refreshToken: SecretText)
    /// A service account's signed JWT (RFC 7523 §2.1).
    case jwtBearer(assertion: SecretText)

    /// The form fields, in the order Google's libraries send them.
    var fields: [(name: String, value: String)] {
      switch self {
      case .refreshToken(let clientID, let clientSecret, let refreshToken):
        [
          ("grant_type", "refresh_token"), ("client_id", clientID),
          ("client_secret", clientSecret.value), ("refresh_token", refreshToken.value),
        ]
      case .jwtBearer(let assertion):
        [
          ("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer"),
          ("assertion", assertion.value),
        ]
      }
    }

    /// The secrets a message must never show.
    var secrets: [SecretText] {
      switch self {
      case .refreshToken(_, let clientSecret, let refreshToken): [clientSecret, refreshToken]
      case .jwtBearer(let assertion): [assertion]
      }
    }
  }

  /// Who asks, in the words messages use.
  struct Requester: Sendable {
    /// What was sent, e.g. `the refresh token in /home/me/.config/gcloud/...json`.
    let subject: String
    /// What `invalid_grant` usually means for these credentials, and what to do.
    let invalidGrantHint: String
    /// What `invalid_client` usually means for these credentials, and what to do.
    let invalidClientHint: String
  }

  /// Where the grant is sent.
  let url: URL
  /// The clock for the deadline and the token's expiry.
  let time: any TimeSource

  /// Trades `grant` for a token.
  /// - Throws: `CredentialsError` as the type's summary describes.
  func token(for grant: Grant, requester: Requester) async throws(CredentialsError) -> AccessToken {
    let request = HTTPRequest(
      method: "POST", url: url,
      headers: [
        (name: "Content-Type", value: "application/x-www-form-urlencoded"),
        (name: "Accept", value: "application/json"),
      ],
      body: FormURLEncoding.body(grant.fields), carriesSecret: true)
    let requestedAt = time.now
    let response: HTTPResponse
    do {
      response = try await HTTPClient(time: time).send(
        request, timeout: Self.timeout, maximumBodyBytes: Self.maximumResponseBytes)
    } catch {
      throw CredentialsError(error, asking: "the token endpoint \(place)", for: requester.subject)
    }
    guard response.status == 200 else {
      throw failure(response, grant: grant, requester: requester)
    }
    switch TokenResponse.parse(response.body, requestedAt: requestedAt) {
    case .success(let token):
      return token
    case .failure(let problem):
      throw CredentialsError(
        .refused,
        "the token endpoint \(place) answered \(requester.subject) with \(problem), not an "
          + "access token")
    }
  }

  /// The endpoint as messages name it: scheme, host, port and path, without a query.
  var place: String {
    let port = url.port.map { ":\($0)" } ?? ""
    return Excerpt.of(
      "\(url.scheme ?? "https")://\(url.host ?? "?")\(port)\(url.path)", length: 200)
  }

  /// The error for an answer other than 200.
  private func failure(
    _ response: HTTPResponse, grant: Grant, requester: Requester
  ) -> CredentialsError {
    let oauth = OAuthError(response.body, scrubbing: grant.secrets)
    let status = response.status
    let said = oauth.map { " (\($0))" } ?? ""
    if status >= 500 || status == 408 || status == 429
      || oauth.map({ Self.temporaryErrors.contains($0.code) }) == true
    {
      return CredentialsError(
        .unreachable,
        "the token endpoint \(place) answered HTTP \(status)\(said) to \(requester.subject): "
          + "the service failed or is busy; try again later")
    }
    guard let oauth else {
      return CredentialsError(
        .refused,
        "the token endpoint \(place) refused \(requester.subject) with HTTP \(status) and no "
          + "OAuth error in the body")
    }
    let hint =
      switch oauth.code {
      case "invalid_grant": " " + requester.invalidGrantHint
      case "invalid_client": " " + requester.invalidClientHint
      default: ""
      }
    return CredentialsError(
      .refused,
      "the token endpoint \(place) refused \(requester.subject) (HTTP \(status)): "
        + CredentialsError.sentence("\(oauth)") + hint)
  }
}

/// An OAuth 2.0 error answer (RFC 6749 §5.2): `{"error": "invalid_grant",
/// "error_description": "Invalid JWT Signature."}`.
struct OAuthError: Sendable, Equatable, CustomStringConvertible {
  /// `error`, e.g. `invalid_grant`.
  let code: String
  /// `error_description`, when given.
  let explanation: String?

  /// The error in `body`, with every secret scrubbed from what it quotes, or nil when the
  /// body holds none.
  init?(_ body: [UInt8], scrubbing secrets: [SecretText]) {
    guard let object = (try? JSONParser(maximumDepth: 16).parse(body))?.objectValue,
      let code = object["error"]?.stringValue, !code.isEmpty
    else { return nil }
    func clean(_ text: String, length: Int) -> String {
      Excerpt.of(secrets.reduce(text) { $1.scrubbed($0) }, length: length)
    }
    self.code = clean(code, length: 60)
    self.explanation = object["error_description"]?.stringValue.flatMap {
      $0.isEmpty ? nil : clean($0, length: 300)
    }
  }

  /// `invalid_grant: Invalid JWT Signature.`, or the code alone.
  var description: String {
    explanation.map { "\(code): \($0)" } ?? code
  }
}
