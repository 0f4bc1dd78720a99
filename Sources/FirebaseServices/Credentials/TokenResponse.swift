import Core
import Foundation

/// The body of a successful token answer, from Google's token endpoint or the metadata
/// server: `{"access_token": "...", "expires_in": 3599, "token_type": "Bearer"}`.
///
/// Both fields are required, as firebase-admin-node requires them
/// (`firebase-app.ts`: a token without `expires_in` is "Invalid access token generated");
/// `expires_in` may be a number or a numeric string, as google-auth-library-python tolerates
/// (`_client.py:113-133`). A rotated `refresh_token` is ignored: the file it came from is
/// the user's, and Google does not rotate the refresh tokens gcloud writes.
enum TokenResponse {
  /// The longest lifetime believed, in seconds, whatever `expires_in` says: Google's tokens
  /// last an hour, at most 12; a larger number is a broken server, not a longer token.
  static let maximumLifetime: Double = 86_400

  /// The token in `body`, expiring `expires_in` seconds after `requestedAt` (when the
  /// request left, so the expiry errs early, never late).
  /// - Returns: the token, or why the body is not a usable token answer (a reason that never
  ///   holds the token).
  static func parse(_ body: [UInt8], requestedAt: Date) -> Result<AccessToken, Problem> {
    guard let document = try? JSONParser(maximumDepth: 16).parse(body),
      let object = document.objectValue
    else { return .failure(.notJSONObject) }
    guard let token = object["access_token"]?.stringValue, !token.isEmpty else {
      return .failure(.missing("access_token"))
    }
    guard isHeaderSafe(token) else { return .failure(.unusableToken) }
    let seconds: Double?
    switch object["expires_in"] {
    case .number(let number)?: seconds = number.doubleValue
    case .string(let text)?: seconds = Double(text.trimmingCharacters(in: .whitespaces))
    default: seconds = nil
    }
    guard let seconds, seconds.isFinite, seconds > 0 else {
      return .failure(.missing("expires_in"))
    }
    let lifetime = min(seconds, maximumLifetime)
    return .success(AccessToken(value: token, expiresAt: requestedAt.addingTimeInterval(lifetime)))
  }

  /// Why a 200 answer holds no usable token.
  enum Problem: Error, Equatable, CustomStringConvertible {
    /// The body is not a JSON object.
    case notJSONObject
    /// A required field is missing, empty, or of the wrong kind.
    case missing(String)
    /// `access_token` holds characters that cannot go in an `Authorization` header.
    case unusableToken

    /// In words, for a message that says who answered it.
    var description: String {
      switch self {
      case .notJSONObject: "a body that is not a JSON object"
      case .missing(let field): "no usable \"\(field)\""
      case .unusableToken: "an access_token with spaces or control characters"
      }
    }
  }

  /// Whether `token` can be sent as `Authorization: Bearer <token>`: visible ASCII only (RFC
  /// 6750's b64token is narrower still), so it cannot break or add a header line.
  static func isHeaderSafe(_ token: String) -> Bool {
    !token.isEmpty && token.utf8.allSatisfy { (0x21...0x7E).contains($0) }
  }
}
