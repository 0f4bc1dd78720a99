/// Opens the long-lived stream of real-time invalidation messages. `HTTPRealtimeTransport`
/// is the real one; tests script their own from `AsyncThrowingStream.makeStream()`.
public protocol RealtimeTransport: Sendable {
  /// Connects and, once the server has accepted the stream, returns its bytes as they
  /// arrive.
  ///
  /// The returned stream finishes when the server ends the response and throws a
  /// `RealtimeStreamError` when the connection breaks. A consumer that stops iterating it
  /// (or whose task is cancelled) closes the connection.
  /// - Throws: `RealtimeStreamError` when no stream could be opened (refused, timed out, or
  ///   a status other than 200).
  func connect() async throws(RealtimeStreamError) -> AsyncThrowingStream<[UInt8], any Error>
}
