import Foundation

/// Why our socket transport's run (`HTTPSocketTransport`: connecting, the proxy's tunnel,
/// TLS, sending, reading) ended a request without a complete response. Internal to the run:
/// it ends the request with the `HTTPError` this becomes (`HTTPError(_:url:)`), and nothing
/// outside the run sees it.
enum SocketTransportError: Error, Equatable, Sendable {
  /// The wake pipe was written: the request is cancelled.
  case cancelled
  /// The host name did not resolve.
  case cannotFindHost
  /// No address of the host accepted a connection.
  case cannotConnect
  /// The connection went silent for longer than the idle timeout.
  case timedOut
  /// The peer closed or reset the connection before the response was complete, or the
  /// system refused a read or write.
  case connectionLost
  /// TLS could not be set up, or broke.
  case tls(TLSFailure)
  /// The https proxy is misconfigured, cannot be reached, or refused the tunnel: why, never
  /// its credentials.
  case proxy(String)
}

extension HTTPError {
  /// What the socket run's `failure` on a request to `url` is for the caller: a timeout, a
  /// cancellation, or a connectivity problem after the URL's scheme, host and port (never
  /// its path or query).
  init(_ failure: SocketTransportError, url: URL) {
    let place = HTTPHost.place(of: url)
    switch failure {
    case .cancelled: self = .cancelled
    case .timedOut: self = .timeout
    case .cannotFindHost: self = .connectivity("\(place): host not found")
    case .cannotConnect: self = .connectivity("\(place): connection refused")
    case .connectionLost: self = .connectivity("\(place): connection lost")
    case .tls(let failure): self = .connectivity("\(place): \(failure)")
    case .proxy(let reason): self = .connectivity("\(place): proxy: \(reason)")
    }
  }
}
