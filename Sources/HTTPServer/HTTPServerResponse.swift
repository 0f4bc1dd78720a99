/// What a handler answers. The server frames it: it writes `Content-Length` or chunks the
/// stream, adds `Date` and `Connection: close` where it closes, and drops any framing header
/// the handler set (`Content-Length`, `Transfer-Encoding`, `Connection`, `Date`), since a
/// handler that framed its own body could desynchronise the connection.
package struct HTTPServerResponse: Sendable {
  /// The status code; 200...599, or the client gets a 500 instead (interim 1xx responses
  /// are the server's own business).
  package var status: Int
  /// Header fields in the order to send them. A name that is not a token or a value with a
  /// control character (CR, LF, NUL, ...) is never sent: the client gets a 500 instead.
  package var headers: [(name: String, value: String)]
  /// The body.
  package var body: Body

  /// How the body is sent.
  package enum Body: Sendable {
    /// Known bytes, sent with `Content-Length`.
    case bytes([UInt8])
    /// Bytes as they come, chunked (for Server-Sent Events). The response ends when the
    /// stream finishes; when the client goes away or the server shuts down the server stops
    /// iterating, which ends the stream for its producer (`onTermination`).
    case stream(AsyncStream<[UInt8]>)
  }

  /// A response from its parts; by default a 200 with an empty body.
  package init(
    status: Int = 200, headers: [(name: String, value: String)] = [], body: Body = .bytes([])
  ) {
    self.status = status
    self.headers = headers
    self.body = body
  }
}
