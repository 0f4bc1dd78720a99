import Foundation
import SwitchyardTestSupport

/// A Firebase app the fake knows: its id, its API key and its project.
struct FakeFirebaseApp: Sendable {
  /// The Google App ID, `1:<project number>:<platform>:<hex>`.
  let appID: String
  /// The API key its requests must carry.
  let apiKey: String
  /// The project id it belongs to.
  let project: String
}

/// An installation the fake registered, and the tokens it issued to it.
struct FakeInstallation: Sendable {
  let fid: String
  let appID: String
  /// The refresh token `authTokens:generate` must be sent with (`FIS_v2 <token>`).
  let refreshToken: String
  /// Every auth token issued to it, with when it expires on the fake's clock.
  var authTokens: [String: Date]
}

/// One open real-time stream: the project it listens to, the test's end of the response, the
/// last version it was told of, and how many messages it was sent (the first opens Firebase's
/// JSON array).
struct FakeRealtimeConnection: Sendable {
  let project: String
  let stream: LoopbackStream
  var announcedVersion: Int
  var messagesSent = 0
}
