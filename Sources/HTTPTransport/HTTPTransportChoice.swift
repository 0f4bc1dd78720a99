/// Which transports carry a request. Injectable so the tests can run the same exchanges over
/// every transport a system has, and trust a test's own certificate authority.
package enum HTTPTransportChoice: Sendable, Equatable, CaseIterable, CustomStringConvertible {
  /// `http:` over our socket transport (every byte seen as it arrives, bodies as sent);
  /// `https:` over URLSession on Apple's systems, over our socket transport with OpenSSL
  /// elsewhere (trusting the system's authorities, through the environment's proxy).
  case automatic
  #if canImport(Darwin)
    /// URLSession for both `http:` and `https:`.
    case platform
  #else
    /// Our socket transport for both, `https:` trusting `trust`'s authorities (a test's own)
    /// and tunnelling through `proxies` (none unless given, whatever the environment says).
    /// The names in `pinning` resolve to the address given (`["foo.a.test": "127.0.0.1"]`),
    /// as curl's `--resolve` has them, without asking the system's resolver: a test's own
    /// names, for certificates that name them and for what a resolver may answer.
    case sockets(
      trusting: TLSTrust, proxies: HTTPProxySettings = .none, pinning: [String: String] = [:])
  #endif

  /// The transports each request of a test is sent over: every kind this system has.
  package static var allCases: [HTTPTransportChoice] {
    #if canImport(Darwin)
      [.automatic, .platform]
    #else
      [.automatic]
    #endif
  }

  /// `automatic`, `platform` or `sockets`, for test reports.
  package var description: String {
    switch self {
    case .automatic: "automatic"
    #if canImport(Darwin)
      case .platform: "platform"
    #else
      case .sockets: "sockets"
    #endif
    }
  }
}
