package import Core

/// Where the server listens and the limits that keep it standing on the internet: every
/// default is issue 22's figure, and each limit says what a client that exceeds it gets.
package struct HTTPServerConfiguration: Sendable {
  /// The address to bind: an IP address (`127.0.0.1`, `0.0.0.0`, `::`) or a name the
  /// system resolves (the first address it gives is used).
  package var host = "127.0.0.1"
  /// The port to bind; 0 lets the system pick one, which `start()` returns.
  package var port = 8013
  /// The longest request head (request line and header fields), in bytes; a longer one gets
  /// 431. 16 KiB holds any real client's head with room for long cookies and tokens.
  package var maximumHeadBytes = 16 * 1024
  /// The longest request body, in bytes, after de-chunking; a longer one gets 413 as soon as
  /// it is known (from `Content-Length`, or the chunk that passes it), and the rest is never
  /// read. An OFREP context is a few hundred bytes; 1 MiB leaves room for bulk requests.
  package var maximumBodyBytes = 1 << 20
  /// How long a client may take to send a request head, from its first byte (or from the
  /// connection's opening, for its first request); a slower one gets 408 and is closed. The
  /// same span of silence ends a body that stops arriving. This is what stops a client that
  /// trickles its head (Slowloris) from holding a connection.
  package var headTimeout: Duration = .seconds(10)
  /// How long a keep-alive connection may wait for its next request before it is closed
  /// quietly, and how long a response may sit unread in a stalled connection. 60 s outlasts
  /// the pauses of a client that polls every few seconds and the idle timeouts of common
  /// clients' pools (which close first, so a request never races the server's close), while
  /// an idle connection costs only its socket and a small buffer.
  package var idleTimeout: Duration = .seconds(60)
  /// Connections served at once. Beyond it, a new connection gets 503 and is closed, so a
  /// flood costs each extra connection one small write. 4,096 idle connections cost about
  /// 4,096 descriptors and a few MiB.
  package var maximumConnections = 4_096
  /// Request bytes all connections together may hold at once (heads and bodies being read,
  /// bodies a handler has); a request that would pass it gets 503. This is what bounds memory
  /// when many clients send large bodies at once: without it, 4,096 connections × 1 MiB.
  package var maximumBufferedRequestBytes = 128 << 20
  /// Called once per response with what may be logged (see `AccessLogEntry`); nil logs
  /// nothing. It runs on the server's event loop, so it must be quick: format and hand the
  /// line on, never wait.
  package var accessLog: (@Sendable (AccessLogEntry) -> Void)?
  /// The clock: `now` dates the `Date` header, `sleep` paces the timeouts. Tests give a
  /// `ManualTimeSource` and move it; the system's clock measures timeouts on the continuous
  /// clock, so a step of the wall clock never closes connections early or holds them late.
  package var timeSource: any TimeSource = SystemTimeSource()

  /// The defaults, with the host and port to bind.
  package init(host: String = "127.0.0.1", port: Int = 8013) {
    self.host = host
    self.port = port
  }
}
