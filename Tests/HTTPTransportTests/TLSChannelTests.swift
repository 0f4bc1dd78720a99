import Foundation
@testable import HTTPTransport
import SwitchyardTestSupport
import Testing

#if !canImport(Darwin)
  import Glibc

  /// The TLS session itself, below the transport: what it refuses before a byte is sent, and
  /// OpenSSL's refusals of its settings, which are errors, never ignored.
  @Suite("TLSChannel")
  struct TLSChannelTests {
    static let trust = TLSTrust.certificateFile(TLSTestServer.caCertificatePath)

    /// Runs `body` with a channel over one end of a connected socket pair, and the other end,
    /// where whatever the channel sends arrives.
    static func withSocketPair(_ body: (PlainChannel, Int32) throws -> Void) throws {
      var ends: [Int32] = [-1, -1]
      try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
      let wake = try #require(HTTPSocket.makeWakePipe())
      defer {
        for descriptor in ends + [wake.read, wake.write] { HTTPSocket.close(descriptor) }
      }
      _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
      try body(PlainChannel(descriptor: ends[0], wake: wake.read, timeout: 1_000), ends[1])
    }

    /// Whether nothing has arrived at `descriptor` (non-blocking).
    static func nothingArrived(at descriptor: Int32) -> Bool {
      if case .wouldBlock = HTTPSocket.receive(descriptor) { return true }
      return false
    }

    @Test("no session starts without a name to check the certificate against, and nothing is sent")
    func emptyName() throws {
      try Self.withSocketPair { channel, server in
        #expect(
          throws: SocketTransportError.tls(
            .handshake("no host name to check the server's certificate against"))
        ) {
          _ = try TLSChannel(over: channel, serverName: "", isAddress: false, trust: Self.trust)
        }
        #expect(Self.nothingArrived(at: server))
      }
    }

    /// The system's OpenSSL with `change` made to its functions.
    static func library(_ change: (inout OpenSSLLibrary) -> Void) throws -> OpenSSLLibrary {
      var library = try OpenSSLLibrary.system.get()
      change(&library)
      return library
    }

    @Test("a server name that OpenSSL does not take for SNI is an error, and nothing is sent")
    func sniRefused() throws {
      let library = try Self.library { $0.sessionControl = { _, _, _, _ in 0 } }
      try Self.withSocketPair { channel, server in
        #expect(
          throws: SocketTransportError.tls(
            .handshake("cannot name 'localhost' in SNI (SSL_set_tlsext_host_name)"))
        ) {
          _ = try TLSChannel(
            over: channel, serverName: "localhost", isAddress: false, trust: Self.trust,
            library: .success(library))
        }
        #expect(Self.nothingArrived(at: server))
      }
    }
  }
#endif
