import Core
import HTTPCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few POSIX socket calls the loopback server needs, wrapped so the server reads as
/// HTTP and not as C. Every call retries on `EINTR`; none traps.
enum LoopbackSocket {
  /// A socket could not be set up; `call` names the system call.
  struct SetupError: Error, CustomStringConvertible {
    let call: String
    let code: Int32
    var description: String { "loopback server: \(call) failed (errno \(code))" }
  }

  /// Whether a wait ended because the socket has something to read (data, end of stream or
  /// an error) or because the server is stopping.
  enum Readiness {
    case readable
    case stopping
  }

  /// A listening TCP socket on 127.0.0.1 with a port the system chose, and that port.
  static func listenOnLoopback() throws -> (descriptor: Int32, port: UInt16) {
    try bindLoopback(port: 0, listening: true)
  }

  /// A TCP socket bound to 127.0.0.1 at `port` (0: one the system chooses) that does not
  /// listen: connections to it are refused, and no other socket can take the port while it
  /// stays open.
  static func reserveLoopbackPort() throws -> (descriptor: Int32, port: UInt16) {
    try bindLoopback(port: 0, listening: false)
  }

  private static func bindLoopback(
    port: UInt16, listening: Bool
  ) throws -> (descriptor: Int32, port: UInt16) {
    let descriptor = POSIXSocket.stream(family: AF_INET)
    guard descriptor >= 0 else { throw SetupError(call: "socket", code: errno) }
    setCloseOnExec(descriptor)
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, !listening || listen(descriptor, 64) == 0 else {
      let code = errno
      close(descriptor)
      throw SetupError(call: "bind/listen", code: code)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    guard named == 0 else {
      let code = errno
      close(descriptor)
      throw SetupError(call: "getsockname", code: code)
    }
    return (descriptor, UInt16(bigEndian: address.sin_port))
  }

  /// A pipe whose read end becomes readable, for good, once a byte is written: every wait
  /// in the server also watches it, so one write wakes them all.
  static func makeWakePipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw SetupError(call: "pipe", code: errno) }
    setCloseOnExec(ends[0])
    setCloseOnExec(ends[1])
    return (ends[0], ends[1])
  }

  /// Accepts one connection; nil when accepting failed (the listener is being torn down).
  static func accept(_ listener: Int32) -> Int32? {
    while true {
      #if canImport(Glibc)
        let descriptor = Glibc.accept(listener, nil, nil)
      #else
        let descriptor = Darwin.accept(listener, nil, nil)
      #endif
      if descriptor >= 0 {
        setCloseOnExec(descriptor)
        #if canImport(Darwin)
          var on: Int32 = 1
          setsockopt(
            descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return descriptor
      }
      if errno != EINTR { return nil }
    }
  }

  /// Waits until `descriptor` is readable or `wake` is (the server stops).
  static func waitReadable(_ descriptor: Int32, wake: Int32) -> Readiness {
    var descriptors = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&descriptors, 2, -1)
      if ready < 0 && errno == EINTR { continue }
      if ready < 0 || descriptors[1].revents != 0 { return .stopping }
      return .readable
    }
  }

  /// Reads up to `capacity` bytes; empty at the end of the stream or on an error.
  static func receive(_ descriptor: Int32, capacity: Int = 16 * 1024) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: capacity)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, capacity, 0) }
      if count < 0 && errno == EINTR { continue }
      return count > 0 ? Array(buffer.prefix(count)) : []
    }
  }

  /// Writes every byte; false when the peer is gone.
  @discardableResult
  static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer -> Int in
        guard let start = buffer.baseAddress else { return -1 }
        #if canImport(Glibc)
          return send(descriptor, start + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
        #else
          return send(descriptor, start + offset, bytes.count - offset, 0)
        #endif
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }

  /// Ends both directions, waking any thread blocked reading or writing the socket; the
  /// descriptor stays open for its owner to close.
  static func shutdownBoth(_ descriptor: Int32) {
    _ = shutdown(descriptor, Int32(SHUT_RDWR))
  }

  /// Closes a descriptor.
  static func close(_ descriptor: Int32) {
    POSIXSocket.close(descriptor)
  }

  /// Writes the one byte that wakes every waiter.
  static func wake(_ descriptor: Int32) {
    var byte: UInt8 = 1
    _ = write(descriptor, &byte, 1)
  }

  private static func setCloseOnExec(_ descriptor: Int32) {
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
  }
}
