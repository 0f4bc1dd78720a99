#if !canImport(Darwin)
  import Glibc

  /// The few functions of the system's OpenSSL (libssl, and libcrypto through it) that a TLS
  /// client needs, opened with `dlopen` the first time an `https:` URL is fetched on Linux.
  ///
  /// Opened on demand rather than linked: a process that never fetches over https (every
  /// `switchyard evaluate`, a server that only reads files) loads no TLS library at all,
  /// where linking libcurl for URLSession loaded about thirty libraries at every start. The
  /// functions used exist in OpenSSL 1.1 and 3, and none is variadic, so each is called
  /// through a plain C function pointer.
  struct OpenSSLLibrary: @unchecked Sendable {
    // @unchecked: C function pointers are immutable and callable from any thread; OpenSSL
    // 1.1 and later lock internally.

    typealias Handle = OpaquePointer?

    let tlsClientMethod: @convention(c) () -> Handle
    let contextNew: @convention(c) (Handle) -> Handle
    let contextFree: @convention(c) (Handle) -> Void
    let contextSetDefaultVerifyPaths: @convention(c) (Handle) -> Int32
    let contextLoadVerifyLocations:
      @convention(c) (Handle, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let contextSetVerify: @convention(c) (Handle, Int32, OpaquePointer?) -> Void
    // The control calls are `var`: a test replaces one with a call that fails, to see the
    // failure refused rather than ignored.
    var contextControl: @convention(c) (Handle, Int32, Int, UnsafeMutableRawPointer?) -> Int
    let sessionNew: @convention(c) (Handle) -> Handle
    let sessionFree: @convention(c) (Handle) -> Void
    let sessionSetBIO: @convention(c) (Handle, Handle, Handle) -> Void
    var sessionControl: @convention(c) (Handle, Int32, Int, UnsafeMutableRawPointer?) -> Int
    let sessionSetHost: @convention(c) (Handle, UnsafePointer<CChar>?) -> Int32
    let sessionVerifyParameters: @convention(c) (Handle) -> Handle
    let verifyParametersSetIP: @convention(c) (Handle, UnsafePointer<CChar>?) -> Int32
    let verifyParametersSetHostFlags: @convention(c) (Handle, UInt32) -> Void
    let connect: @convention(c) (Handle) -> Int32
    let read: @convention(c) (Handle, UnsafeMutableRawPointer?, Int32) -> Int32
    let write: @convention(c) (Handle, UnsafeRawPointer?, Int32) -> Int32
    let errorKind: @convention(c) (Handle, Int32) -> Int32
    let verifyResult: @convention(c) (Handle) -> Int
    let verifyErrorText: @convention(c) (Int) -> UnsafePointer<CChar>?
    let memoryBIOMethod: @convention(c) () -> Handle
    let bioNew: @convention(c) (Handle) -> Handle
    let bioFree: @convention(c) (Handle) -> Int32
    let bioRead: @convention(c) (Handle, UnsafeMutableRawPointer?, Int32) -> Int32
    let bioWrite: @convention(c) (Handle, UnsafeRawPointer?, Int32) -> Int32
    let bioControl: @convention(c) (Handle, Int32, Int, UnsafeMutableRawPointer?) -> Int
    let nextError: @convention(c) () -> UInt
    let errorText: @convention(c) (UInt, UnsafeMutablePointer<CChar>?, Int) -> Void
    let clearErrors: @convention(c) () -> Void

    // The constants of OpenSSL's headers that the client uses (the same in 1.1 and 3).
    static let verifyPeer: Int32 = 1  // SSL_VERIFY_PEER
    static let controlSetHostName: Int32 = 55  // SSL_CTRL_SET_TLSEXT_HOSTNAME
    static let hostNameType = 0  // TLSEXT_NAMETYPE_host_name
    static let controlSetMinimumVersion: Int32 = 123  // SSL_CTRL_SET_MIN_PROTO_VERSION
    static let tls12 = 0x0303  // TLS1_2_VERSION
    /// How a certificate's names are matched: its subjectAltName only, never the subject's
    /// CN (X509_CHECK_FLAG_NEVER_CHECK_SUBJECT), and a wildcard only as a whole label,
    /// `*.a.test` but never `f*.a.test` (X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS), as browsers
    /// and Go's crypto/tls match them.
    static let strictHostChecks: UInt32 = 0x20 | 0x4
    static let errorSSL: Int32 = 1  // SSL_ERROR_SSL
    static let errorWantRead: Int32 = 2  // SSL_ERROR_WANT_READ
    static let errorSyscall: Int32 = 5  // SSL_ERROR_SYSCALL
    static let errorZeroReturn: Int32 = 6  // SSL_ERROR_ZERO_RETURN
    static let bioSetEOFReturn: Int32 = 130  // BIO_C_SET_BUF_MEM_EOF_RETURN
    static let bioPending: Int32 = 10  // BIO_CTRL_PENDING

    /// The library names tried, newest first.
    static let names = ["libssl.so.3", "libssl.so.1.1", "libssl.so"]

    /// The system's libssl, opened once per process on first use.
    static let system: Result<OpenSSLLibrary, TLSFailure> = open(names)

    /// Opens the first of `names` that loads and has every function.
    /// - Returns: `.unavailable` naming what was tried when none does.
    static func open(_ names: [String]) -> Result<OpenSSLLibrary, TLSFailure> {
      var problems: [String] = []
      for name in names {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
          problems.append("\(name) not found")
          continue
        }
        do {
          return .success(try OpenSSLLibrary(handle: handle))
        } catch {
          problems.append("\(name) lacks \(error.symbol)")
          dlclose(handle)
        }
      }
      return .failure(
        .unavailable(
          "no usable OpenSSL library (" + problems.joined(separator: ", ")
            + "); https needs OpenSSL 1.1 or 3 (libssl3 on Debian and Ubuntu)"))
    }

    /// A function the library does not have.
    struct MissingSymbol: Error {
      let symbol: String
    }

    private init(handle: UnsafeMutableRawPointer) throws(MissingSymbol) {
      func load<Function>(_ name: String) throws(MissingSymbol) -> Function {
        // dlsym on a library's handle also finds the functions of the libraries it needs
        // (libcrypto's BIO_, ERR_ and X509_ functions).
        guard let address = dlsym(handle, name) else { throw MissingSymbol(symbol: name) }
        return unsafeBitCast(address, to: Function.self)
      }
      tlsClientMethod = try load("TLS_client_method")
      contextNew = try load("SSL_CTX_new")
      contextFree = try load("SSL_CTX_free")
      contextSetDefaultVerifyPaths = try load("SSL_CTX_set_default_verify_paths")
      contextLoadVerifyLocations = try load("SSL_CTX_load_verify_locations")
      contextSetVerify = try load("SSL_CTX_set_verify")
      contextControl = try load("SSL_CTX_ctrl")
      sessionNew = try load("SSL_new")
      sessionFree = try load("SSL_free")
      sessionSetBIO = try load("SSL_set_bio")
      sessionControl = try load("SSL_ctrl")
      sessionSetHost = try load("SSL_set1_host")
      sessionVerifyParameters = try load("SSL_get0_param")
      verifyParametersSetIP = try load("X509_VERIFY_PARAM_set1_ip_asc")
      verifyParametersSetHostFlags = try load("X509_VERIFY_PARAM_set_hostflags")
      connect = try load("SSL_connect")
      read = try load("SSL_read")
      write = try load("SSL_write")
      errorKind = try load("SSL_get_error")
      verifyResult = try load("SSL_get_verify_result")
      verifyErrorText = try load("X509_verify_cert_error_string")
      memoryBIOMethod = try load("BIO_s_mem")
      bioNew = try load("BIO_new")
      bioFree = try load("BIO_free")
      bioRead = try load("BIO_read")
      bioWrite = try load("BIO_write")
      bioControl = try load("BIO_ctrl")
      nextError = try load("ERR_get_error")
      errorText = try load("ERR_error_string_n")
      clearErrors = try load("ERR_clear_error")
    }

    /// OpenSSL's words for the errors queued on this thread (emptying the queue), or nil
    /// when none is queued.
    func queuedErrors() -> String? {
      var texts: [String] = []
      while true {
        let code = nextError()
        guard code != 0 else { break }
        var buffer = [CChar](repeating: 0, count: 256)
        errorText(code, &buffer, buffer.count)
        let text = String(
          decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // "error:0A000086:SSL routines::certificate verify failed": the reason is the end.
        let reason = text.split(separator: ":", omittingEmptySubsequences: false).last
        texts.append(reason.map(String.init) ?? text)
      }
      return texts.isEmpty ? nil : texts.joined(separator: "; ")
    }
  }
#endif
