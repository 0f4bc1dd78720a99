@testable import ConfigClient

extension RealtimeUpdater {
  /// Runs the updater until it stops and returns Google's error when it stopped on a refused
  /// stream (`.rejected(.service)`); nil when it stopped for any other reason.
  func serviceRefusal() async -> GoogleAPIError? {
    var stopped: RealtimeStopReason?
    for await event in events() {
      if case .stopped(let reason) = event { stopped = reason }
    }
    guard case .rejected(.service(let error))? = stopped else { return nil }
    return error
  }
}
