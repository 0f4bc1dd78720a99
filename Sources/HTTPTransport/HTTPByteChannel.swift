/// The bytes of one connected socket, in the clear or through TLS: what `HTTPSocketTransport`
/// sends a request over and reads a response from. Every wait is bounded by the idle timeout
/// and ends at once when the wake pipe is written.
protocol HTTPByteChannel {
  /// Sends all of `bytes`.
  func send(_ bytes: [UInt8]) -> Result<Void, HTTPChannelFailure>
  /// The next bytes that arrive, or nil at the end of the stream.
  func receive() -> Result<[UInt8]?, HTTPChannelFailure>
}

/// How a channel's wait or transfer ended without bytes.
enum HTTPChannelFailure: Error, Equatable {
  /// The wake pipe was written: the request is cancelled.
  case cancelled
  /// Nothing arrived (or could be sent) within the idle timeout.
  case timedOut
  /// The peer reset the connection, or the system refused a read or write.
  case lost
  /// TLS broke.
  case tls(TLSFailure)
}

/// A socket's bytes as they are (`http:`).
struct PlainChannel: HTTPByteChannel {
  let descriptor: Int32
  /// The read end of the wake pipe.
  let wake: Int32
  /// The idle timeout, in milliseconds.
  let timeout: Int32

  func send(_ bytes: [UInt8]) -> Result<Void, HTTPChannelFailure> {
    HTTPSocket.sendAll(descriptor, bytes, wake: wake, timeout: timeout).map { .failure($0) }
      ?? .success(())
  }

  func receive() -> Result<[UInt8]?, HTTPChannelFailure> {
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
      case .failed: return .failure(.lost)
      }
    }
  }
}
