import ConfigClient
import Core
import SwitchyardTestSupport

/// A `RealtimeTransport` a test scripts connection by connection: refuse with an error, or
/// open a `ScriptedRealtimeStream` the test writes to. A connection past the script is
/// refused, so a runaway reconnection loop shows up as failures rather than a hang.
final class ScriptedRealtimeTransport: RealtimeTransport {
  /// One scripted connection attempt.
  enum Connection: Sendable {
    case refuse(RealtimeStreamError)
    case open(ScriptedRealtimeStream)
  }

  private struct State {
    var script: [Connection]
    var connects = 0
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state: LockedState<State>

  /// A transport that answers the connection attempts with `script`, in order.
  init(_ script: [Connection]) {
    state = LockedState(State(script: script))
  }

  /// How many times `connect` was called.
  var connectCount: Int { state.withLock { $0.connects } }

  /// Returns once `connect` has been called `count` times.
  func waitForConnects(_ count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if state.connects >= count { return true }
        state.waiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  func connect() async throws(RealtimeStreamError) -> AsyncThrowingStream<[UInt8], any Error> {
    let (next, ready) = state.withLock {
      state -> (Connection?, [CheckedContinuation<Void, Never>]) in
      state.connects += 1
      let count = state.connects
      let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
      state.waiters.removeAll { $0.count <= count }
      return (state.script.isEmpty ? nil : state.script.removeFirst(), ready)
    }
    for waiter in ready { waiter.resume() }
    switch next {
    case .refuse(let error)?: throw error
    case .open(let stream)?:
      guard let bytes = stream.claim() else { throw .connectivity("stream scripted twice") }
      return bytes
    case nil: throw .connectivity("no scripted connection left")
    }
  }
}

/// The test's end of one scripted stream.
final class ScriptedRealtimeStream: Sendable {
  /// The reader's end, handed out once: held here, it would keep the stream alive after
  /// its reader dropped it.
  private let unclaimed: LockedState<AsyncThrowingStream<[UInt8], any Error>?>
  private let continuation: AsyncThrowingStream<[UInt8], any Error>.Continuation
  private let terminated = SignalLatch()

  init() {
    let (bytes, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
    let terminated = terminated
    continuation.onTermination = { _ in terminated.open() }
    self.unclaimed = LockedState(bytes)
    self.continuation = continuation
  }

  /// The reader's end; nil once taken.
  func claim() -> AsyncThrowingStream<[UInt8], any Error>? {
    unclaimed.withLock { bytes in
      defer { bytes = nil }
      return bytes
    }
  }

  /// Delivers `text` as one chunk.
  func send(_ text: String) {
    continuation.yield(Array(text.utf8))
  }

  /// Ends the stream as a server closing it would.
  func end() {
    continuation.finish()
  }

  /// Breaks the stream with `error`.
  func fail(_ error: RealtimeStreamError) {
    continuation.finish(throwing: error)
  }

  /// Returns once the stream is over: ended by the test or dropped by its reader.
  func waitUntilTerminated() async {
    await terminated.wait()
  }
}
