/// Why our socket transport ended a request without a complete response.
enum SocketTransportError: Error, Equatable, Sendable {
  /// The host name did not resolve.
  case cannotFindHost
  /// No address of the host accepted a connection.
  case cannotConnect
  /// The connection went silent for longer than the idle timeout.
  case timedOut
  /// The peer closed or reset the connection before the response was complete.
  case connectionLost
  /// TLS could not be set up, or broke.
  case tls(TLSFailure)
  /// The https proxy is misconfigured, cannot be reached, or refused the tunnel: why, never
  /// its credentials.
  case proxy(String)
}
