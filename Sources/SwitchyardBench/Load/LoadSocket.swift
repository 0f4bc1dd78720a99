import Core
import HTTPCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The load generator's sockets: blocking, connected, no Nagle delay. The generator watches
/// them with `poll`, so a read happens only when bytes are there and never blocks.
enum LoadSocket {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// A socket connected to `host` and `port`.
  static func connect(host: String, port: Int) throws(Failure) -> Int32 {
    guard let (family, address) = POSIXSocket.resolve(host: host, port: port)?.first else {
      throw Failure(description: "cannot resolve \(host)")
    }
    let descriptor = POSIXSocket.stream(family: family)
    guard descriptor >= 0 else { throw Failure(description: "no socket (errno \(errno))") }
    guard POSIXSocket.connect(descriptor, to: address) == 0 else {
      let code = errno
      close(descriptor)
      throw Failure(description: "cannot connect to \(host):\(port) (errno \(code))")
    }
    var on: Int32 = 1
    _ = setsockopt(
      descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    #if canImport(Darwin)
      _ = setsockopt(
        descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    return descriptor
  }

  /// Writes all of `bytes`; false when the peer is gone.
  static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer -> Int in
        #if canImport(Darwin)
          Darwin.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, 0)
        #else
          Glibc.send(
            descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
        #endif
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }

  /// Reads what is there into `buffer`: the count, 0 at the end of the stream, -1 on error.
  static func receive(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    while true {
      let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
      if count < 0, errno == EINTR { continue }
      return count
    }
  }

  static func close(_ descriptor: Int32) {
    POSIXSocket.close(descriptor)
  }
}
