import Core
import Foundation

/// A transport error sorted into what the client's rules care about: a timeout, a
/// cancellation, or a connectivity problem described for a person.
package enum HTTPFailure: Equatable {
  /// The request or the connection went silent for longer than the timeout.
  case timeout
  /// The request was cancelled (by its caller, or because the caller stopped reading).
  case cancelled
  /// Anything else that kept the response from arriving: DNS, refused, reset, TLS, offline.
  case connectivity(String)

  /// Sorts `error` from a request to `url`.
  package init(_ error: any Error, url: URL) {
    if error is CancellationError {
      self = .cancelled
      return
    }
    if let socketError = error as? SocketTransportError {
      switch socketError {
      case .timedOut: self = .timeout
      case .cannotFindHost: self = .connectivity("\(Self.place(url)): host not found")
      case .cannotConnect: self = .connectivity("\(Self.place(url)): connection refused")
      case .connectionLost: self = .connectivity("\(Self.place(url)): connection lost")
      case .tls(let failure): self = .connectivity("\(Self.place(url)): \(failure)")
      case .proxy(let reason): self = .connectivity("\(Self.place(url)): proxy: \(reason)")
      }
      return
    }
    #if canImport(Darwin)
      if let urlError = error as? URLError {
        switch urlError.code {
        case .timedOut: self = .timeout
        case .cancelled: self = .cancelled
        default: self = .connectivity("\(Self.place(url)): \(Self.describe(urlError.code))")
        }
        return
      }
    #endif
    self = .connectivity("\(Self.place(url)): \(Excerpt.of("\(error)", length: 200))")
  }

  /// The scheme, host and port, without the path or query (which may carry secrets).
  private static func place(_ url: URL) -> String {
    let host = Excerpt.of(url.host ?? "?")
    let port = url.port.map { ":\($0)" } ?? ""
    return "\(url.scheme ?? "http")://\(host)\(port)"
  }

  #if canImport(Darwin)
    /// Words for the codes a fetch commonly meets, with the code for the rest.
    private static func describe(_ code: URLError.Code) -> String {
      switch code {
      case .cannotConnectToHost: "connection refused"
      case .cannotFindHost, .dnsLookupFailed: "host not found"
      case .networkConnectionLost: "connection lost"
      case .notConnectedToInternet: "not connected to the internet"
      case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
        .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
        "TLS connection failed"
      case .badServerResponse: "malformed HTTP response"
      case .httpTooManyRedirects, .redirectToNonExistentLocation: "bad redirect"
      case .unsupportedURL, .badURL: "unsupported URL"
      case .unknown: "the connection failed"
      default: "URL error \(code.rawValue)"
      }
    }
  #endif
}
