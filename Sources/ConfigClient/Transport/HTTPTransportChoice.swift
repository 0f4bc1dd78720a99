/// Which transports carry a request. Injectable so the tests can run the same exchanges over
/// both: the platform's URLSession does things its own way (it may send `Accept-Encoding`
/// and decode gzip itself, and on Linux reads a redirect's body before reporting it).
enum HTTPTransportChoice: Sendable, Equatable, CaseIterable, CustomStringConvertible {
  /// `http:` over our socket transport (every byte seen as it arrives, bodies as sent),
  /// `https:` over URLSession (TLS is the platform's).
  case automatic
  /// URLSession for both `http:` and `https:`.
  case platform

  /// `automatic` or `platform`, for test reports.
  var description: String {
    switch self {
    case .automatic: "automatic"
    case .platform: "platform"
    }
  }
}
