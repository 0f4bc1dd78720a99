/// The event loop's side of one connection: its socket, its machine, the bytes waiting to be
/// written, and the tasks working for it. Owned and touched by the loop's thread alone.
final class ServerConnection {
  let id: ConnectionID
  var machine: HTTPConnectionMachine
  /// Bytes the machine sent that the socket has not taken yet, from `outputStart` on.
  var output: [UInt8] = []
  var outputStart = 0
  /// When the socket last took bytes, or the output was last empty: a write stall is timed
  /// from here.
  var lastWriteProgress: Duration
  /// The handler's task for the request in hand.
  var handlerTask: Task<Void, Never>?
  /// The task iterating the response's stream.
  var streamTask: Task<Void, Never>?
  /// Close once the output is written (the machine said so).
  var closesAfterSending = false
  /// The peer closed its side (a read saw the end of the stream).
  var peerClosed = false
  /// What the poller watches the socket for now.
  var interest: PollInterest = .read
  /// The request bytes this connection was last counted for in the server's budget.
  var countedBytes = 0

  init(id: ConnectionID, machine: HTTPConnectionMachine, now: Duration) {
    self.id = id
    self.machine = machine
    lastWriteProgress = now
  }

  var descriptor: Int32 { id.descriptor }

  /// Bytes not yet written.
  var pendingOutput: Int { output.count - outputStart }

  /// Stops the tasks working for this connection; a handler that honours cancellation
  /// returns early, a stream ends for its producer.
  func cancelTasks() {
    handlerTask?.cancel()
    streamTask?.cancel()
    handlerTask = nil
    streamTask = nil
  }
}
