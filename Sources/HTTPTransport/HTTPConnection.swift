import Core
import Foundation

/// One request on one connection, whichever transport carries it (`HTTPSocketTransport` for
/// http, `HTTPSessionTransport` for https): the response head, awaited once; the body as
/// its bytes arrive, counted against a limit; and `cancel`.
///
/// Cancelling ends the head and the body at once, with `CancellationError`, and only then
/// asks the transport to stop, on a thread of its own: a transport whose own cancellation
/// blocks or spins (URLSession on Linux can) never holds up the caller.
final class HTTPConnection: Sendable {
  /// The body, chunk by chunk: it finishes when the response is complete, and throws the
  /// transport's error, `HTTPExchangeError.bodyTooLarge` past the limit, or
  /// `CancellationError` once cancelled. Dropping the stream cancels the connection.
  let body: AsyncThrowingStream<[UInt8], any Error>
  private let continuation: AsyncThrowingStream<[UInt8], any Error>.Continuation
  private let headSlot = HeadSlot()
  /// The most body bytes accepted, or nil for a stream without end.
  private let maximumBodyBytes: Int?

  private struct State {
    var received = 0
    var isFinished = false
    /// How to stop the transport; taken (and run once) by the first `stop`.
    var stopTransport: (@Sendable () -> Void)?
    var isStopped = false
  }

  private let state = LockedState(State())

  /// A connection whose body may be at most `maximumBodyBytes` bytes.
  init(maximumBodyBytes: Int?) {
    self.maximumBodyBytes = maximumBodyBytes
    (body, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
    continuation.onTermination = { [weak self] termination in
      if case .cancelled = termination { self?.cancel() }
    }
  }

  /// Sets how the transport is stopped; if the connection is already cancelled, stops it now.
  func setStop(_ stop: @escaping @Sendable () -> Void) {
    let stopNow = state.withLock { state -> Bool in
      guard !state.isStopped else { return true }
      state.stopTransport = stop
      return false
    }
    if stopNow { Self.runDetached(stop) }
  }

  // MARK: - From the transport

  /// The response head has arrived.
  func deliver(head: HTTPResponseHead) {
    headSlot.resolve(.success(head))
  }

  /// Body bytes have arrived. Returns false when the transport should stop reading: the
  /// limit is passed (the body then fails with `bodyTooLarge`) or the connection is over.
  @discardableResult
  func deliver(body bytes: [UInt8]) -> Bool {
    let outcome = state.withLock { state -> Bool? in
      guard !state.isFinished else { return nil }
      state.received += bytes.count
      if let maximumBodyBytes, state.received > maximumBodyBytes {
        state.isFinished = true
        return false
      }
      return true
    }
    switch outcome {
    case true?:
      continuation.yield(bytes)
      return true
    case false?:
      continuation.finish(throwing: HTTPExchangeError.bodyTooLarge)
      stop()
      return false
    case nil:
      return false
    }
  }

  /// The response ended: completely when `error` is nil.
  func finish(throwing error: (any Error)?) {
    headSlot.resolve(.failure(error ?? HTTPExchangeError.noResponse))
    let first = state.withLock { state -> Bool in
      defer { state.isFinished = true }
      return !state.isFinished
    }
    guard first else { return }
    if let error {
      continuation.finish(throwing: error)
    } else {
      continuation.finish()
    }
  }

  // MARK: - From the caller

  /// The response head, once it has arrived.
  /// - Throws: the transport's error when the request failed before a response, or
  ///   `CancellationError` when the waiting task (or the connection) is cancelled.
  func head() async throws -> HTTPResponseHead {
    try await withTaskCancellationHandler {
      try await headSlot.value()
    } onCancel: {
      cancel()
    }
  }

  /// Ends the head and the body with `CancellationError` now, then stops the transport.
  func cancel() {
    headSlot.resolve(.failure(CancellationError()))
    finish(throwing: CancellationError())
    stop()
  }

  /// Stops the transport once, on a thread of its own.
  private func stop() {
    let stop = state.withLock { state -> (@Sendable () -> Void)? in
      state.isStopped = true
      defer { state.stopTransport = nil }
      return state.stopTransport
    }
    if let stop { Self.runDetached(stop) }
  }

  /// Runs `work` on a new thread, so that a call that blocks (a platform cancellation)
  /// blocks only that thread, never one of the caller's.
  static func runDetached(_ work: @escaping @Sendable () -> Void) {
    Thread.detachNewThread(work)
  }
}

/// The response head, set once by the transport (or a cancellation) and awaited once.
private final class HeadSlot: Sendable {
  private struct State {
    var result: Result<HTTPResponseHead, any Error>?
    var waiter: CheckedContinuation<HTTPResponseHead, any Error>?
  }

  private let state = LockedState(State())

  /// Sets the outcome unless one is set already, and wakes the waiter.
  func resolve(_ result: Result<HTTPResponseHead, any Error>) {
    let waiter = state.withLock { state -> CheckedContinuation<HTTPResponseHead, any Error>? in
      guard state.result == nil else { return nil }
      state.result = result
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(with: result)
  }

  func value() async throws -> HTTPResponseHead {
    try await withCheckedThrowingContinuation { continuation in
      let result = state.withLock { state -> Result<HTTPResponseHead, any Error>? in
        if state.result == nil { state.waiter = continuation }
        return state.result
      }
      if let result { continuation.resume(with: result) }
    }
  }
}
