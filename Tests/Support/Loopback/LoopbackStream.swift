import Core

/// The test's end of one long-lived streamed response: what the test sends is written to
/// the client as it is sent (bytes sent before the client connects are held and written on
/// connection). One stream serves one connection; script a new one for each reconnection.
public final class LoopbackStream: Sendable {
  /// How the stream's body is delimited on the wire.
  public enum Framing: Sendable {
    /// `Transfer-Encoding: chunked`, one chunk per `send`; `close` sends the last chunk.
    case chunked
    /// No length: the body ends when the connection closes.
    case closeDelimited
  }

  private enum Phase {
    /// No client yet: sends are held.
    case waiting(pending: [[UInt8]], closing: Closing?)
    /// Writing to the connection's socket.
    case connected(descriptor: Int32)
    /// The connection is over.
    case ended
  }

  /// How the test ended the stream.
  private enum Closing {
    case graceful
    case abrupt
  }

  private struct State {
    var phase = Phase.waiting(pending: [], closing: nil)
    var connectedWaiters: [CheckedContinuation<Void, Never>] = []
    var endedWaiters: [CheckedContinuation<Void, Never>] = []
  }

  /// How the body is delimited.
  public let framing: Framing
  private let state = LockedState(State())

  /// A stream delimited by `framing`.
  public init(framing: Framing = .chunked) {
    self.framing = framing
  }

  /// Sends `text` to the client now, or when it connects.
  public func send(_ text: String) {
    let bytes = Array(text.utf8)
    state.withLock { state in
      switch state.phase {
      case .waiting(var pending, let closing):
        guard closing == nil else { return }
        pending.append(bytes)
        state.phase = .waiting(pending: pending, closing: nil)
      case .connected(let descriptor):
        LoopbackSocket.sendAll(descriptor, encode(bytes))
      case .ended:
        break
      }
    }
  }

  /// Ends the response properly (the last chunk when chunked) and closes the connection.
  public func close() {
    end(.graceful)
  }

  /// Drops the connection mid-response, as a crashing server or a broken network would.
  public func cut() {
    end(.abrupt)
  }

  /// Returns once a client is connected to this stream (at once if it already was).
  public func waitUntilConnected() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if case .waiting = state.phase {
          state.connectedWaiters.append(continuation)
          return false
        }
        return true
      }
      if ready { continuation.resume() }
    }
  }

  /// Returns once the connection is over, whoever ended it.
  public func waitUntilEnded() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ended = state.withLock { state -> Bool in
        if case .ended = state.phase { return true }
        state.endedWaiters.append(continuation)
        return false
      }
      if ended { continuation.resume() }
    }
  }

  /// Called by the server's connection thread once the response head is written.
  func attach(_ descriptor: Int32) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      guard case .waiting(let pending, let closing) = state.phase else { return [] }
      state.phase = .connected(descriptor: descriptor)
      for bytes in pending { LoopbackSocket.sendAll(descriptor, encode(bytes)) }
      if let closing { finish(descriptor, closing) }
      defer { state.connectedWaiters.removeAll() }
      return state.connectedWaiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Called by the server's connection thread before it closes the socket, so no send can
  /// reach a descriptor number the system has reused.
  func detach() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.phase = .ended
      defer {
        state.connectedWaiters.removeAll()
        state.endedWaiters.removeAll()
      }
      return state.connectedWaiters + state.endedWaiters
    }
    for waiter in waiters { waiter.resume() }
  }

  private func end(_ closing: Closing) {
    state.withLock { state in
      switch state.phase {
      case .waiting(let pending, nil):
        state.phase = .waiting(pending: pending, closing: closing)
      case .waiting:
        break
      case .connected(let descriptor):
        finish(descriptor, closing)
      case .ended:
        break
      }
    }
  }

  /// Writes the end of the body, if any, and shuts the socket down, which wakes the
  /// connection thread to close it.
  private func finish(_ descriptor: Int32, _ closing: Closing) {
    if closing == .graceful, framing == .chunked {
      LoopbackSocket.sendAll(descriptor, Array("0\r\n\r\n".utf8))
    }
    LoopbackSocket.shutdownBoth(descriptor)
  }

  private func encode(_ bytes: [UInt8]) -> [UInt8] {
    switch framing {
    case .closeDelimited:
      return bytes
    case .chunked:
      guard !bytes.isEmpty else { return [] }
      return Array((String(bytes.count, radix: 16) + "\r\n").utf8) + bytes + Array("\r\n".utf8)
    }
  }
}
