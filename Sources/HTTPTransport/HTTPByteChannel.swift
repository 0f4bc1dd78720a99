/// The bytes of one connected socket, in the clear or through TLS: what `HTTPSocketTransport`
/// sends a request over and reads a response from. Every wait is bounded by the idle timeout
/// and ends at once when the wake pipe is written. A channel fails with `.cancelled`,
/// `.timedOut`, `.connectionLost` or `.tls`.
protocol HTTPByteChannel {
  /// Sends all of `bytes`.
  func send(_ bytes: [UInt8]) -> Result<Void, SocketTransportError>
  /// The next bytes that arrive, or nil at the end of the stream.
  func receive() -> Result<[UInt8]?, SocketTransportError>
}

/// A socket's bytes as they are (`http:`).
struct PlainChannel: HTTPByteChannel {
  let descriptor: Int32
  /// The read end of the wake pipe.
  let wake: Int32
  /// The idle timeout, in milliseconds.
  let timeout: Int32

  func send(_ bytes: [UInt8]) -> Result<Void, SocketTransportError> {
    HTTPSocket.sendAll(descriptor, bytes, wake: wake, timeout: timeout).map { .failure($0) }
      ?? .success(())
  }

  func receive() -> Result<[UInt8]?, SocketTransportError> {
    while true {
      switch HTTPSocket.wait(descriptor, writable: false, wake: wake, timeout: timeout) {
      case .woken: return .failure(.cancelled)
      case .timedOut: return .failure(.timedOut)
      case .ready: break
      }
      switch HTTPSocket.receive(descriptor) {
      case .bytes(let bytes): return .success(bytes)
      case .endOfStream: return .success(nil)
      case .wouldBlock: continue
      case .failed: return .failure(.connectionLost)
      }
    }
  }
}
