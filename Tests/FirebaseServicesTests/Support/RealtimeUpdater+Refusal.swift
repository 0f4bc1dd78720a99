import ConfigClient
import FirebaseServices

extension RealtimeUpdater {
  /// Runs the updater until it stops and returns Google's error when it stopped on a stream
  /// Google refused (`.rejected` carrying a `GoogleAPIError`); nil when it stopped for any
  /// other reason.
  func serviceRefusal() async -> GoogleAPIError? {
    var stopped: RealtimeStopReason?
    for await event in events() {
      if case .stopped(let reason) = event { stopped = reason }
    }
    guard case .rejected(let refusal)? = stopped else { return nil }
    return refusal.underlying(as: GoogleAPIError.self)
  }
}
