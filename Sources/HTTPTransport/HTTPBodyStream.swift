/// A response body as its bytes arrive, failing with an `HTTPError` only: what
/// `HTTPExchange.body` hands out.
///
/// `AsyncThrowingStream` fails with `any Error` whatever it is given, so a caller would have
/// to cast; this stream carries each chunk or the failure that ends it as a `Result`, and its
/// iterator throws the failure typed. After the failure it returns nil, as a throwing stream
/// does. Cancelling the task that reads it, or dropping it, cancels the connection (see
/// `HTTPConnection.body`).
package struct HTTPBodyStream: AsyncSequence, Sendable {
  package typealias Element = [UInt8]
  package typealias Failure = HTTPError

  /// The chunks and, last, the failure if there is one.
  let results: AsyncStream<Result<[UInt8], HTTPError>>

  package struct AsyncIterator: AsyncIteratorProtocol {
    var results: AsyncStream<Result<[UInt8], HTTPError>>.AsyncIterator
    /// Whether the failure was thrown: nothing follows it.
    var isDone = false

    package mutating func next() async throws(HTTPError) -> [UInt8]? {
      guard !isDone, let result = await results.next() else { return nil }
      return try chunk(result)
    }

    package mutating func next(
      isolation actor: isolated (any Actor)?
    ) async throws(HTTPError) -> [UInt8]? {
      guard !isDone, let result = await results.next(isolation: actor) else { return nil }
      return try chunk(result)
    }

    private mutating func chunk(_ result: Result<[UInt8], HTTPError>) throws(HTTPError) -> [UInt8] {
      if case .failure = result { isDone = true }
      return try result.get()
    }
  }

  package func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(results: results.makeAsyncIterator())
  }
}
