/// A stage between a real-time stream's bytes and `RealtimeMessageFramer`, for a server that
/// frames its messages in its own way: it rewrites them one message per line (Firebase's
/// stream, one JSON array over many lines, has `FirebaseRealtimeReframer`).
package protocol RealtimeStreamReframer: Sendable {
  /// Feeds the next chunk; returns the messages it completed, each followed by a line feed.
  mutating func append(_ chunk: [UInt8]) -> [UInt8]
}
