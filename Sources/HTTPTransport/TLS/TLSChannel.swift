import Core
#if !canImport(Darwin)
  import Core
  import Glibc

  /// A TLS client connection over a connected socket, with OpenSSL doing only the
  /// cryptography: its records go through two memory buffers, and the socket is read and
  /// written by `PlainChannel`, so TLS gets the same bounded, cancellable waits as plain
  /// HTTP and never writes to a closed socket itself (no `SIGPIPE`).
  ///
  /// The server's certificate must chain to `trust` and name the host: a DNS name through
  /// `SSL_set1_host` against the certificate's subjectAltName only, never its subject's CN,
  /// and with a wildcard only as a whole label (and sent as SNI), an IP address through its
  /// own check against the IP addresses in subjectAltName (and no SNI, as RFC 6066 says). No
  /// session starts without a name to check. TLS 1.2 is the oldest version accepted. The
  /// socket's end without the server's `close_notify` is an error (with OpenSSL 1.1 and 3
  /// alike), so a body that runs to the connection's end cannot be cut short unnoticed. Not
  /// for use from two threads.
  final class TLSChannel: HTTPByteChannel {
    private let library: OpenSSLLibrary
    private let socket: PlainChannel
    private let session: OpaquePointer
    /// OpenSSL's view of the socket: bytes received go in, records to send come out.
    private let incoming: OpaquePointer
    private let outgoing: OpaquePointer
    /// Whether the socket has reached its end.
    private var socketEnded = false
    /// Where `receive` has OpenSSL decrypt into, made once per connection.
    private var plaintext = [UInt8](repeating: 0, count: 16 * 1024)

    /// Sets up a session for the server `serverName` (a checked host's: a name without its
    /// trailing dot, or an address, IPv6 without brackets) and shakes hands.
    /// - Throws: `.tls` when the name is empty, the library is missing, the trust file cannot
    ///   be read, OpenSSL refuses a setting (the name, SNI) or the handshake fails (an
    ///   untrusted or misnamed certificate among them); `.timedOut`, `.cancelled` or
    ///   `.connectionLost` from the socket.
    init(
      over socket: PlainChannel, serverName: String, isAddress: Bool, trust: TLSTrust,
      library: Result<OpenSSLLibrary, TLSFailure> = OpenSSLLibrary.system
    ) throws(SocketTransportError) {
      // An empty name would turn the certificate's name check off (`SSL_set1_host(ssl, "")`).
      guard !serverName.isEmpty else {
        throw .tls(.handshake("no host name to check the server's certificate against"))
      }
      let library = try library.mapError { SocketTransportError.tls($0) }.get()
      self.library = library
      self.socket = socket
      let context: OpaquePointer
      do {
        context = try TLSClientContexts.context(for: trust, library)
      } catch {
        throw .tls(error)
      }
      library.clearErrors()
      guard let session = library.sessionNew(context) else {
        throw .tls(.unavailable(library.queuedErrors() ?? "SSL_new failed"))
      }
      let incoming = library.bioNew(library.memoryBIOMethod())
      let outgoing = library.bioNew(library.memoryBIOMethod())
      guard let incoming, let outgoing else {
        if let incoming { _ = library.bioFree(incoming) }
        if let outgoing { _ = library.bioFree(outgoing) }
        library.sessionFree(session)
        throw .tls(.unavailable("BIO_new failed"))
      }
      // An empty input buffer means "wait for more", not end of stream, until the socket ends.
      _ = library.bioControl(incoming, OpenSSLLibrary.bioSetEOFReturn, -1, nil)
      library.sessionSetBIO(session, incoming, outgoing)  // the session owns both now
      // Owned from here: deinit frees the session (and its buffers), also when init throws.
      self.session = session
      self.incoming = incoming
      self.outgoing = outgoing
      try name(serverName, isAddress: isAddress)
      try handshake()
    }

    deinit {
      library.sessionFree(session)
    }

    /// Makes the session check the certificate against `host`, and name it in SNI.
    private func name(_ host: String, isAddress: Bool) throws(SocketTransportError) {
      let parameters = library.sessionVerifyParameters(session)
      guard
        isAddress
          ? library.verifyParametersSetIP(parameters, host) == 1
          : library.sessionSetHost(session, host) == 1
      else {
        throw .tls(.handshake("cannot check the certificate against \(Excerpt.quoted(host))"))
      }
      guard !isAddress else { return }
      library.verifyParametersSetHostFlags(parameters, OpenSSLLibrary.strictHostChecks)
      var server = Array(host.utf8CString)
      guard
        library.sessionControl(
          session, OpenSSLLibrary.controlSetHostName, OpenSSLLibrary.hostNameType, &server) == 1
      else {
        throw .tls(
          .handshake(
            failureText("cannot name \(Excerpt.quoted(host)) in SNI (SSL_set_tlsext_host_name)")))
      }
    }

    private func handshake() throws(SocketTransportError) {
      while true {
        library.clearErrors()
        let result = library.connect(session)
        try flush()
        if result == 1 { return }
        switch library.errorKind(session, result) {
        case OpenSSLLibrary.errorWantRead:
          guard !socketEnded else { throw .tls(.handshake("the server closed the connection")) }
          try fill()
        default:
          let verify = library.verifyResult(session)
          if verify != 0, let text = library.verifyErrorText(verify) {
            library.clearErrors()
            throw .tls(.handshake("certificate verify failed (\(String(cString: text)))"))
          }
          throw .tls(.handshake(failureText("the server's answer is not TLS")))
        }
      }
    }

    func send(_ bytes: [UInt8]) -> Result<Void, SocketTransportError> {
      do throws(SocketTransportError) {
        var offset = 0
        while offset < bytes.count {
          library.clearErrors()
          let written = bytes.withUnsafeBytes { buffer in
            library.write(
              session, buffer.baseAddress.map { $0 + offset },
              Int32(clamping: bytes.count - offset))
          }
          try flush()
          if written > 0 {
            offset += Int(written)
            continue
          }
          switch library.errorKind(session, written) {
          case OpenSSLLibrary.errorWantRead:
            guard !socketEnded else { throw .connectionLost }
            try fill()
          default:
            throw .tls(.connection(failureText("cannot send")))
          }
        }
        return .success(())
      } catch {
        return .failure(error)
      }
    }

    func receive() -> Result<[UInt8]?, SocketTransportError> {
      do throws(SocketTransportError) {
        while true {
          library.clearErrors()
          let count = plaintext.withUnsafeMutableBytes {
            library.read(session, $0.baseAddress, Int32($0.count))
          }
          // A TLS 1.3 server may send tickets or a key update; whatever answers it goes out.
          try flush()
          if count > 0 { return .success(Array(plaintext[..<Int(count)])) }
          switch library.errorKind(session, count) {
          case OpenSSLLibrary.errorZeroReturn:
            return .success(nil)  // the server's close_notify
          case OpenSSLLibrary.errorWantRead where !socketEnded:
            try fill()
          case OpenSSLLibrary.errorWantRead, OpenSSLLibrary.errorSyscall:
            // The socket ended without close_notify (OpenSSL 1.1's way of saying so; 3 says
            // `unexpected eof while reading`): the end could be an attacker's.
            throw .tls(.connection("the connection ended without TLS's close_notify"))
          default:
            throw .tls(.connection(failureText("a record could not be read")))
          }
        }
      } catch {
        return .failure(error)
      }
    }

    /// Sends every record OpenSSL has written.
    private func flush() throws(SocketTransportError) {
      while case let pending = library.bioControl(outgoing, OpenSSLLibrary.bioPending, 0, nil),
        pending > 0
      {
        // Usually nothing is pending: nothing is allocated then.
        var records = [UInt8](repeating: 0, count: min(pending, Int(Int32.max)))
        let count = records.withUnsafeMutableBytes {
          library.bioRead(outgoing, $0.baseAddress, Int32($0.count))
        }
        guard count > 0 else { return }
        records.removeLast(records.count - Int(count))
        try socket.send(records).get()
      }
    }

    /// Waits for the socket's next bytes and hands them to OpenSSL; at the socket's end,
    /// tells OpenSSL there is no more.
    private func fill() throws(SocketTransportError) {
      guard let bytes = try socket.receive().get() else {
        socketEnded = true
        _ = library.bioControl(incoming, OpenSSLLibrary.bioSetEOFReturn, 0, nil)
        return
      }
      // A memory buffer takes everything written to it.
      _ = bytes.withUnsafeBytes { library.bioWrite(incoming, $0.baseAddress, Int32($0.count)) }
    }

    /// OpenSSL's queued reasons, or `fallback` when it queued none.
    private func failureText(_ fallback: String) -> String {
      library.queuedErrors() ?? fallback
    }
  }
#endif
