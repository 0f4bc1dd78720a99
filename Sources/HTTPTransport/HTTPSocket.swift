import Core
import Foundation
import HTTPCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The POSIX calls a plain-HTTP connection needs, each bounded in time: a non-blocking TCP
/// socket that is only read or written after `poll` says it is ready, with a wake pipe in
/// every wait so that cancelling ends any wait at once. Every call retries on `EINTR`.
enum HTTPSocket {
  /// How a wait ended.
  enum Readiness {
    /// The socket is ready (or has an error or end of stream to report).
    case ready
    /// The wake pipe was written: the connection is cancelled.
    case woken
    /// Nothing happened within the timeout.
    case timedOut
  }

  /// A pipe whose read end becomes readable, for good, once a byte is written.
  static func makeWakePipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    setCloseOnExec(ends[0])
    setCloseOnExec(ends[1])
    return (ends[0], ends[1])
  }

  /// Writes the byte that wakes every wait on the pipe.
  static func wake(_ descriptor: Int32) {
    var byte: UInt8 = 1
    _ = write(descriptor, &byte, 1)
  }

  /// The addresses of `host`, or nil when it cannot be resolved. Blocks in the resolver;
  /// callers run it on the connection's own thread.
  static func resolve(host: String, port: Int) -> [(family: Int32, address: [UInt8])]? {
    POSIXSocket.resolve(host: host, port: port)
  }

  /// The address a socket address of `family` holds (4 bytes of IPv4, 16 of IPv6, in
  /// network order), or nil for another family or a socket address too short for it.
  static func addressBytes(family: Int32, socketAddress: [UInt8]) -> [UInt8]? {
    let range: Range<Int>
    switch family {
    case AF_INET:
      let start = MemoryLayout<sockaddr_in>.offset(of: \sockaddr_in.sin_addr) ?? 4
      range = start..<start + 4
    case AF_INET6:
      let start = MemoryLayout<sockaddr_in6>.offset(of: \sockaddr_in6.sin6_addr) ?? 8
      range = start..<start + 16
    default:
      return nil
    }
    return socketAddress.count >= range.upperBound ? Array(socketAddress[range]) : nil
  }

  /// A connected non-blocking socket to `address`.
  /// - Returns: the descriptor, or why not: `.cannotConnect` (nothing listens there, or the
  ///   system refused a socket), `.timedOut` or `.cancelled`.
  static func connect(
    family: Int32, address: [UInt8], wake: Int32, timeout: Int32
  ) -> Result<Int32, SocketTransportError> {
    let descriptor = POSIXSocket.stream(family: family)
    guard descriptor >= 0 else { return .failure(.cannotConnect) }
    setCloseOnExec(descriptor)
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    #if canImport(Darwin)
      var on: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    let started = POSIXSocket.connect(descriptor, to: address)
    if started == 0 { return .success(descriptor) }
    // Interrupted or not: a non-blocking connect goes on, and `poll` says when it is done.
    guard errno == EINPROGRESS || errno == EINTR else {
      close(descriptor)
      return .failure(.cannotConnect)
    }
    switch wait(descriptor, writable: true, wake: wake, timeout: timeout) {
    case .woken:
      close(descriptor)
      return .failure(.cancelled)
    case .timedOut:
      close(descriptor)
      return .failure(.timedOut)
    case .ready:
      var error: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 else {
        close(descriptor)
        return .failure(.cannotConnect)
      }
      return .success(descriptor)
    }
  }

  /// Waits until `descriptor` is readable (or writable), the wake pipe is written, or
  /// `timeout` milliseconds pass.
  static func wait(_ descriptor: Int32, writable: Bool, wake: Int32, timeout: Int32) -> Readiness {
    let events = Int16(writable ? POLLOUT : POLLIN)
    var descriptors = [
      pollfd(fd: descriptor, events: events, revents: 0),
      pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&descriptors, 2, timeout)
      if ready < 0 && errno == EINTR { continue }
      if ready < 0 || descriptors[1].revents != 0 { return .woken }
      return ready == 0 ? .timedOut : .ready
    }
  }

  /// Writes all of `bytes`, waiting for room as needed.
  /// - Returns: nil once all is written, else why not: the wake pipe was written
  ///   (`.cancelled`), no room came within the timeout (`.timedOut`) or the peer is gone
  ///   (`.connectionLost`).
  static func sendAll(
    _ descriptor: Int32, _ bytes: [UInt8], wake: Int32, timeout: Int32
  ) -> SocketTransportError? {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer -> Int in
        guard let start = buffer.baseAddress else { return -1 }
        #if canImport(Darwin)
          return send(descriptor, start + offset, bytes.count - offset, 0)
        #else
          return send(descriptor, start + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
        #endif
      }
      if written > 0 {
        offset += written
        continue
      }
      guard written < 0, errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK else {
        return .connectionLost
      }
      if errno == EINTR { continue }
      switch wait(descriptor, writable: true, wake: wake, timeout: timeout) {
      case .ready: continue
      case .woken: return .cancelled
      case .timedOut: return .timedOut
      }
    }
    return nil
  }

  /// What one read returned.
  enum Received {
    case bytes([UInt8])
    case endOfStream
    case wouldBlock
    case failed
  }

  /// Reads what is there, up to `capacity` bytes, without blocking.
  static func receive(_ descriptor: Int32, capacity: Int = 64 * 1024) -> Received {
    var buffer = [UInt8](repeating: 0, count: capacity)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, capacity, 0) }
      if count > 0 { return .bytes(Array(buffer[..<count])) }
      if count == 0 { return .endOfStream }
      if errno == EINTR { continue }
      return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .failed
    }
  }

  /// Closes `descriptor`, ignoring the result: after a failed close there is nothing to retry.
  static func close(_ descriptor: Int32) {
    POSIXSocket.close(descriptor)
  }

  private static func setCloseOnExec(_ descriptor: Int32) {
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
  }
}
