public import Foundation

/// A Google OAuth 2.0 access token and when it expires. Its description never shows the
/// token, so it can be logged, dumped or put in an error without leaking.
public struct AccessToken: Sendable, Equatable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// The bearer token, for the `Authorization` header and nothing else.
  public let value: String
  /// When the token stops working; nil when unknown (a fixed token).
  public let expiresAt: Date?

  /// A token that expires at `expiresAt` (nil: unknown).
  public init(value: String, expiresAt: Date?) {
    self.value = value
    self.expiresAt = expiresAt
  }

  /// `AccessToken(redacted, expires 2026-11-25T10:00:00Z)`.
  public var description: String {
    let expiry = expiresAt.map { "expires \($0.ISO8601Format())" } ?? "no known expiry"
    return "AccessToken(redacted, \(expiry))"
  }

  /// The same as `description`: the token stays hidden.
  public var debugDescription: String { description }

  /// No children, so `dump` shows nothing of the token either.
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
