import Core

/// Identifies a connection across the loop's life: the descriptor, and a serial number, so
/// a message for a connection that closed never reaches a new one given the same descriptor.
struct ConnectionID: Hashable, Sendable {
  let descriptor: Int32
  let serial: UInt64
}

/// How tasks and the server talk to the event loop: messages queued under a lock, and a byte
/// in a pipe the loop's wait watches so it wakes for them. One byte wakes it for any number
/// of messages: a second is written only after the loop has taken the queue.
final class LoopMailbox: Sendable {
  /// What the loop is told.
  enum Message: Sendable {
    /// A handler answered.
    case responded(ConnectionID, HTTPServerResponse)
    /// A response stream produced bytes.
    case streamed(ConnectionID, [UInt8])
    /// A response stream finished.
    case streamEnded(ConnectionID)
    /// Time has moved (a ticker on a time source that is not the system's).
    case tick
    /// Stop accepting, close idle connections, finish what is in flight.
    case shutdown
    /// The grace period is over: close everything still open.
    case graceEnded
  }

  private struct State {
    var messages: [Message] = []
    var wakePending = false
    /// Set once the loop has ended and closed the pipe: later messages are dropped, and
    /// nothing writes to a descriptor number the system may have given to another file.
    var closed = false
  }

  private let state = LockedState(State())
  /// The pipe's read end, which the loop watches.
  let wakeDescriptor: Int32
  private let wakeWriteDescriptor: Int32

  /// A mailbox over a new pipe, or nil when the system has no descriptor to spare.
  init?() {
    guard let pipe = ServerSocket.makeWakePipe() else { return nil }
    wakeDescriptor = pipe.read
    wakeWriteDescriptor = pipe.write
  }

  /// Queues `message` and wakes the loop if it is not already woken.
  func post(_ message: Message) {
    state.withLock { state in
      guard !state.closed else { return }
      state.messages.append(message)
      guard !state.wakePending else { return }
      state.wakePending = true
      // Under the lock, so `close` cannot run between the check and the write.
      var byte: UInt8 = 1
      _ = ServerSocket.writeByte(wakeWriteDescriptor, &byte)
    }
  }

  /// Empties the pipe; the loop calls it when the pipe is readable, before `take`.
  func drainWakePipe() {
    var scratch = [UInt8](repeating: 0, count: 64)
    while scratch.withUnsafeMutableBytes({ ServerSocket.receiveFromPipe(wakeDescriptor, $0) }) {}
  }

  /// The queued messages, oldest first; later ones wake the loop again.
  func take() -> [Message] {
    state.withLock { state in
      state.wakePending = false
      let messages = state.messages
      state.messages = []
      return messages
    }
  }

  /// Closes the pipe; messages posted from now on are dropped.
  func close() {
    state.withLock { state in
      guard !state.closed else { return }
      state.closed = true
      state.messages = []
      ServerSocket.close(wakeDescriptor)
      ServerSocket.close(wakeWriteDescriptor)
    }
  }
}
