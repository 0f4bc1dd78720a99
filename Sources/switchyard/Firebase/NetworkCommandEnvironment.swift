import ConfigClient
import Core
import Foundation

/// The clock, randomness and environment variables the network commands run on: the real ones
/// in the tool, pinned ones in tests (no random delay before a real-time fetch; credentials
/// and Google's hosts pointed at a fake on 127.0.0.1).
struct NetworkCommandEnvironment: Sendable {
  /// The clock for fetch intervals, throttling, timeouts and real-time delays.
  var timeSource: any TimeSource
  /// Random fractions for backoff jitter and the delay before a real-time fetch.
  var random: RandomSource
  /// Where credentials are discovered (`GOOGLE_APPLICATION_CREDENTIALS`, ...), the project
  /// (`GOOGLE_CLOUD_PROJECT`, ...) and Google's hosts (`FIREBASE_REMOTE_CONFIG_URL_BASE`, ...).
  var variables: [String: String] = [:]

  /// The system clock and random generator, and the process's environment.
  static let live = NetworkCommandEnvironment(
    timeSource: SystemTimeSource(), random: .system,
    variables: ProcessInfo.processInfo.environment)
}
