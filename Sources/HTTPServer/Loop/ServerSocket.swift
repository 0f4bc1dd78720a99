import Core
import HTTPCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The POSIX calls the server makes, each non-blocking and retried on `EINTR`, so the event
/// loop reads as HTTP and never waits in a call: a listening socket, accepting, reading,
/// writing and closing. Linux and Apple's systems differ in small ways (`MSG_NOSIGNAL`
/// against `SO_NOSIGPIPE`), handled here and nowhere else.
enum ServerSocket {
  /// A bound, listening, non-blocking socket for `host` and `port`, and the port bound.
  static func listen(
    host: String, port: Int, backlog: Int32
  ) throws(HTTPServerError) -> (descriptor: Int32, port: Int) {
    guard (0...65_535).contains(port) else { throw .invalidPort(port) }
    guard !host.utf8.contains(0), let address = resolve(host: host, port: port) else {
      throw .invalidHost(host)
    }
    let descriptor = POSIXSocket.stream(family: address.family)
    guard descriptor >= 0 else {
      throw .cannotListen(host: host, port: port, reason: errorText(errno))
    }
    configure(descriptor)
    var on: Int32 = 1
    // A restarted server takes its port back while old connections sit in TIME_WAIT.
    _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    let bound = address.bytes.withUnsafeBytes { raw -> Int32 in
      guard let base = raw.baseAddress else { return -1 }
      return bind(descriptor, base.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
    }
    guard bound == 0, systemListen(descriptor, backlog) == 0 else {
      let reason = errorText(errno)
      close(descriptor)
      throw .cannotListen(host: host, port: port, reason: reason)
    }
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let named = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard named == 0, let (_, boundPort) = endpoint(storage) else {
      let reason = errorText(errno)
      close(descriptor)
      throw .cannotListen(host: host, port: port, reason: reason)
    }
    return (descriptor, boundPort)
  }

  /// What one `accept` gave.
  enum Accepted {
    /// A connection, non-blocking, and its peer as `address:port`.
    case connection(Int32, remoteAddress: String)
    /// None is waiting.
    case none
    /// The process or system has no descriptor left (`EMFILE`, `ENFILE`): accepting stops
    /// for a moment instead of spinning on a listener that stays readable.
    case outOfDescriptors
    /// This one failed (reset before it was accepted); try the next.
    case failed
  }

  /// Takes the next waiting connection from `listener`.
  static func accept(_ listener: Int32) -> Accepted {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    while true {
      let descriptor = withUnsafeMutablePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          #if canImport(Darwin)
            Darwin.accept(listener, $0, &length)
          #else
            Glibc.accept(listener, $0, &length)
          #endif
        }
      }
      if descriptor >= 0 {
        configure(descriptor)
        var on: Int32 = 1
        // Responses go out whole in one write; Nagle's wait would only delay them.
        _ = setsockopt(
          descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        let remote = endpoint(storage).map { "\($0.address):\($0.port)" } ?? "unknown"
        return .connection(descriptor, remoteAddress: remote)
      }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: return .none
      case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .outOfDescriptors
      default: return .failed
      }
    }
  }

  /// What one read gave.
  enum Received: Equatable {
    case bytes(Int)
    case endOfStream
    case wouldBlock
    case failed
  }

  /// Reads what is there into `buffer`.
  static func receive(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Received {
    while true {
      let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
      if count > 0 { return .bytes(count) }
      if count == 0 { return .endOfStream }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: return .wouldBlock
      default: return .failed
      }
    }
  }

  /// Writes what the socket takes of `bytes` now.
  /// - Returns: the count written (0 when the socket has no room), or nil when the peer is
  ///   gone.
  static func send(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int? {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
    while true {
      #if canImport(Darwin)
        let written = Darwin.send(descriptor, base, bytes.count, 0)
      #else
        let written = Glibc.send(descriptor, base, bytes.count, Int32(MSG_NOSIGNAL))
      #endif
      if written >= 0 { return written }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: return 0
      default: return nil
      }
    }
  }

  /// Ends the sending side: the peer reads the end of the stream after what was sent.
  static func shutdownWriting(_ descriptor: Int32) {
    _ = shutdown(descriptor, Int32(SHUT_WR))
  }

  /// Closes `descriptor`, ignoring the result: after a failed close there is nothing to retry.
  static func close(_ descriptor: Int32) {
    POSIXSocket.close(descriptor)
  }

  /// A pipe with both ends non-blocking and closed on exec: a byte written to it wakes the
  /// loop's wait; a full pipe means a wake is already pending, so writing never blocks.
  static func makeWakePipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { configure(end) }
    return (ends[0], ends[1])
  }

  /// Non-blocking and closed on exec (and on Apple's systems, no SIGPIPE on writes).
  private static func configure(_ descriptor: Int32) {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    #if canImport(Darwin)
      var on: Int32 = 1
      _ = setsockopt(
        descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  private static func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
    #if canImport(Darwin)
      Darwin.listen(descriptor, backlog)
    #else
      Glibc.listen(descriptor, backlog)
    #endif
  }

  /// The first address `host` resolves to, as a socket address for `port` to listen on.
  private static func resolve(host: String, port: Int) -> (family: Int32, bytes: [UInt8])? {
    POSIXSocket.resolve(host: host, port: port, passive: true)?.first.map {
      ($0.family, $0.address)
    }
  }

  /// The address (IPv6 in brackets) and port a socket address holds.
  private static func endpoint(_ storage: sockaddr_storage) -> (address: String, port: Int)? {
    var storage = storage
    return withUnsafePointer(to: &storage) { pointer -> (String, Int)? in
      var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
      switch Int32(pointer.pointee.ss_family) {
      case AF_INET:
        return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
          var inner = address.pointee.sin_addr
          guard inet_ntop(AF_INET, &inner, &text, socklen_t(text.count)) != nil else { return nil }
          return (string(text), Int(UInt16(bigEndian: address.pointee.sin_port)))
        }
      case AF_INET6:
        return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
          var inner = address.pointee.sin6_addr
          guard inet_ntop(AF_INET6, &inner, &text, socklen_t(text.count)) != nil else { return nil }
          return (
            "[" + string(text) + "]", Int(UInt16(bigEndian: address.pointee.sin6_port))
          )
        }
      default:
        return nil
      }
    }
  }

  /// The system's text for `code`, e.g. `Address already in use`.
  private static func errorText(_ code: Int32) -> String {
    strerror(code).map { String(cString: $0) } ?? "error \(code)"
  }

  /// The text of a NUL-terminated C buffer.
  private static func string(_ characters: [CChar]) -> String {
    String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

extension ServerSocket {
  /// Writes one byte to a pipe, without waiting; false when the pipe is full or closed.
  static func writeByte(_ descriptor: Int32, _ byte: inout UInt8) -> Bool {
    write(descriptor, &byte, 1) == 1
  }

  /// Reads from a pipe into `buffer` without waiting; true when it read something.
  static func receiveFromPipe(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Bool
  {
    read(descriptor, buffer.baseAddress, buffer.count) > 0
  }
}
