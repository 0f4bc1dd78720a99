/// One line of the access log: what was asked and how it was answered, and nothing a client
/// sent beyond the method and the path. No header value, no body and no query is ever
/// recorded, since they may hold keys, tokens or a user's context; the path is printable
/// ASCII (the parser refuses anything else), so an entry cannot break a log's lines.
///
/// A path can still name something private (OFREP puts the flag key in it): a caller that
/// logs such paths writes the route's pattern instead.
package struct AccessLogEntry: Sendable, Equatable, CustomStringConvertible {
  /// The request's method, or `-` for a request whose first line could not be read.
  package var method: String
  /// The request target's path without its query, or `-` when it could not be read.
  package var path: String
  /// The status sent.
  package var status: Int
  /// Body bytes sent (not the head, not chunk framing).
  package var bodyBytes: Int
  /// From the request's last byte read to its response's last byte handed to the
  /// connection's output (for a stream, to the stream's end).
  package var duration: Duration
  /// The peer's address and port, as `HTTPServerRequest.remoteAddress`.
  package var remoteAddress: String

  /// An entry from its parts.
  package init(
    method: String, path: String, status: Int, bodyBytes: Int, duration: Duration,
    remoteAddress: String
  ) {
    self.method = method
    self.path = path
    self.status = status
    self.bodyBytes = bodyBytes
    self.duration = duration
    self.remoteAddress = remoteAddress
  }

  /// `127.0.0.1:53312 "GET /healthz" 200 2 0.153ms`: one line for a log.
  package var description: String {
    // Clamped, so no duration can make the conversion trap.
    let microseconds = Int(min(max(duration / .microseconds(1), 0), 1e15).rounded())
    let fraction = String(microseconds % 1_000 + 1_000).dropFirst()
    return
      "\(remoteAddress) \"\(method) \(path)\" \(status) \(bodyBytes) \(microseconds / 1_000).\(fraction)ms"
  }
}
