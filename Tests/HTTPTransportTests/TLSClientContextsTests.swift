import Foundation
@testable import HTTPTransport
import Testing

#if !canImport(Darwin)
  /// The process's OpenSSL client contexts: what a context is made with, and that a refused
  /// setting is an error, never ignored.
  @Suite("TLSClientContexts")
  struct TLSClientContextsTests {
    @Test("a context whose minimum version OpenSSL does not take is an error, and none is kept")
    func minimumVersionRefused() throws {
      let library = try TLSChannelTests.library { $0.contextControl = { _, _, _, _ in 0 } }
      // A trust of its own, so no context made earlier answers for it.
      let trust = TLSTrust.certificateFile("/nonexistent/switchyard-\(UUID().uuidString).pem")
      for _ in 1...2 {
        #expect(
          throws: TLSFailure.unavailable(
            "cannot make TLS 1.2 the oldest version accepted: SSL_CTX_set_min_proto_version failed")
        ) {
          _ = try TLSClientContexts.context(for: trust, library)
        }
      }
    }
  }
#endif
