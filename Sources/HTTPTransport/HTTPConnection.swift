import Core
import Foundation

/// One request on one connection, whichever transport carries it (`HTTPSocketTransport` for
/// http, `HTTPSessionTransport` for https): the response head, awaited once; the body as
/// its bytes arrive, counted against a limit; and `cancel`.
///
/// Cancelling ends the head and the body at once, with `HTTPError.cancelled`, and only then
/// asks the transport to stop, on a thread of its own: a transport whose own cancellation
/// blocks or spins (URLSession on Linux can) never holds up the caller.
final class HTTPConnection: Sendable {
  /// The body, chunk by chunk: it finishes when the response is complete, and fails with
  /// the transport's error, `.bodyTooLarge` past the limit, or `.cancelled` once cancelled.
  /// Dropping the stream cancels the connection.
  let body: HTTPBodyStream
  private let continuation: AsyncStream<Result<[UInt8], HTTPError>>.Continuation
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
    let (results, continuation) = AsyncStream<Result<[UInt8], HTTPError>>.makeStream()
    body = HTTPBodyStream(results: results)
    self.continuation = continuation
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
    let delivery = state.withLock { state -> Delivery in
      guard !state.isFinished else { return .connectionOver }
      state.received += bytes.count
      if let maximumBodyBytes, state.received > maximumBodyBytes {
        state.isFinished = true
        return .passedLimit(maximumBodyBytes)
      }
      return .accepted
    }
    switch delivery {
    case .accepted:
      continuation.yield(.success(bytes))
      return true
    case .passedLimit(let limit):
      continuation.yield(.failure(.bodyTooLarge(limit: limit)))
      continuation.finish()
      stop()
      return false
    case .connectionOver:
      return false
    }
  }

  /// What became of body bytes that arrived.
  private enum Delivery {
    case accepted
    /// They passed the limit, this many bytes: the body fails.
    case passedLimit(Int)
    /// The body had already ended: they are dropped.
    case connectionOver
  }

  /// The response ended: completely when `error` is nil. This is where a transport's failure
  /// reaches the caller, already an `HTTPError` (see its mapping).
  func finish(throwing error: HTTPError?) {
    headSlot.resolve(.failure(error ?? .invalidResponse("no response")))
    let first = state.withLock { state -> Bool in
      defer { state.isFinished = true }
      return !state.isFinished
    }
    guard first else { return }
    if let error { continuation.yield(.failure(error)) }
    continuation.finish()
  }

  // MARK: - From the caller

  /// The response head, once it has arrived.
  /// - Throws: the transport's error when the request failed before a response, or
  ///   `.cancelled` when the waiting task (or the connection) is cancelled.
  func head() async throws(HTTPError) -> HTTPResponseHead {
    let result = await withTaskCancellationHandler {
      await headSlot.value()
    } onCancel: {
      cancel()
    }
    return try result.get()
  }

  /// Ends the head and the body with `.cancelled` now, then stops the transport.
  func cancel() {
    headSlot.resolve(.failure(.cancelled))
    finish(throwing: .cancelled)
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
    var result: Result<HTTPResponseHead, HTTPError>?
    var waiter: CheckedContinuation<Result<HTTPResponseHead, HTTPError>, Never>?
  }

  private let state = LockedState(State())

  /// Sets the outcome unless one is set already, and wakes the waiter.
  func resolve(_ result: Result<HTTPResponseHead, HTTPError>) {
    let waiter = state.withLock {
      state -> CheckedContinuation<Result<HTTPResponseHead, HTTPError>, Never>? in
      guard state.result == nil else { return nil }
      state.result = result
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: result)
  }

  func value() async -> Result<HTTPResponseHead, HTTPError> {
    await withCheckedContinuation { continuation in
      let result = state.withLock { state -> Result<HTTPResponseHead, HTTPError>? in
        if state.result == nil { state.waiter = continuation }
        return state.result
      }
      if let result { continuation.resume(returning: result) }
    }
  }
}
