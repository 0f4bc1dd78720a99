/// Which certificate authorities an https connection made by our socket transport trusts
/// (on Linux; on Apple's systems URLSession carries https and trusts the system's).
package enum TLSTrust: Sendable, Hashable {
  /// The system's: OpenSSL's default locations, which honour `SSL_CERT_FILE` and
  /// `SSL_CERT_DIR`.
  case system
  /// Only the certificates in this PEM file: a test's own certificate authority.
  case certificateFile(String)
}
