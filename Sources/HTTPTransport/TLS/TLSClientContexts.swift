import Core
#if !canImport(Darwin)
  import Core

  /// The OpenSSL client contexts of this process, one per `TLSTrust`, made the first time a
  /// connection needs it and kept for the process's life: loading the system's certificate
  /// bundle costs milliseconds, and every fetch, redirect and real-time reconnection would
  /// otherwise pay it again. A context holds only settings and trusted certificates, and
  /// OpenSSL (1.1 and later) lets any thread make sessions from it.
  enum TLSClientContexts {
    // @unchecked: the pointers are written once, under the lock, and only read after.
    private struct Context: @unchecked Sendable {
      let pointer: OpaquePointer
    }

    private static let contexts = LockedState<[TLSTrust: Context]>([:])

    /// The context for `trust`: TLS 1.2 at least, peers verified against `trust`'s
    /// certificate authorities.
    /// - Throws: `TLSFailure.unavailable` when the context cannot be made or the trusted
    ///   certificates cannot be loaded (nothing is kept then, so a later call tries again).
    static func context(
      for trust: TLSTrust, _ library: OpenSSLLibrary
    ) throws(TLSFailure) -> OpaquePointer {
      let made = contexts.withLock { contexts -> Result<OpaquePointer, TLSFailure> in
        if let known = contexts[trust] { return .success(known.pointer) }
        library.clearErrors()
        guard let context = library.contextNew(library.tlsClientMethod()) else {
          return .failure(.unavailable(library.queuedErrors() ?? "SSL_CTX_new failed"))
        }
        guard
          library.contextControl(
            context, OpenSSLLibrary.controlSetMinimumVersion, OpenSSLLibrary.tls12, nil) == 1
        else {
          library.contextFree(context)
          return .failure(
            .unavailable(
              "cannot make TLS 1.2 the oldest version accepted: "
                + (library.queuedErrors() ?? "SSL_CTX_set_min_proto_version failed")))
        }
        library.contextSetVerify(context, OpenSSLLibrary.verifyPeer, nil)
        let trusted =
          switch trust {
          case .system: library.contextSetDefaultVerifyPaths(context)
          case .certificateFile(let path): library.contextLoadVerifyLocations(context, path, nil)
          }
        guard trusted == 1 else {
          library.contextFree(context)
          return .failure(
            .unavailable(
              "cannot load trusted certificates: " + (library.queuedErrors() ?? "none loaded")))
        }
        contexts[trust] = Context(pointer: context)
        return .success(context)
      }
      return try made.get()
    }
  }
#endif
