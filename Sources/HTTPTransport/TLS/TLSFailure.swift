/// Why a TLS connection could not be made, or broke once made; the text is OpenSSL's reason,
/// which names no secret (the request's bytes are never part of it).
enum TLSFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// No TLS library could be loaded: what was tried.
  case unavailable(String)
  /// The handshake failed: the certificate's problem (`hostname mismatch`, `unable to get
  /// local issuer certificate`) or the protocol's.
  case handshake(String)
  /// A record after the handshake could not be read or written.
  case connection(String)

  /// For example `TLS handshake failed: certificate verify failed (hostname mismatch)`.
  var description: String {
    switch self {
    case .unavailable(let reason): "TLS is unavailable: \(reason)"
    case .handshake(let reason): "TLS handshake failed: \(reason)"
    case .connection(let reason): "TLS connection failed: \(reason)"
    }
  }
}
