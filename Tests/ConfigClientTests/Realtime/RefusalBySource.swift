@testable import ConfigClient
import Core

/// A source's own error, as a source such as Firebase's wraps its refusals: the client only
/// sees the `SourceFailure` around it.
struct RefusalBySource: Error, CustomStringConvertible {
  var description: String

  /// The failure a source reports for a refusal with `status`: retried or not as it says, with
  /// the server's `Retry-After`.
  static func failure(
    _ description: String, status: Int, retryable: Bool, retryAfter: RetryAfter? = nil
  ) -> RealtimeStreamError {
    .underlying(
      SourceFailure(
        RefusalBySource(description: description),
        serverAnswer: ServerAnswer(status: status, retryAfter: retryAfter), isRetryable: retryable))
  }
}
