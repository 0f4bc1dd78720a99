@testable import HTTPTransport
import Testing

/// An exchange's body: chunks, then at most one failure, thrown as an `HTTPError`.
@Suite("HTTPBodyStream")
struct HTTPBodyStreamTests {
  @Test(
    "the chunks arrive in order, then the failure, typed; nothing follows it, not even a chunk a transport yielded as it ended"
  )
  func failureEndsTheBody() async {
    let (results, continuation) = AsyncStream<Result<[UInt8], HTTPError>>.makeStream()
    continuation.yield(.success([1, 2]))
    continuation.yield(.failure(.timeout))
    // What a transport thread may still yield between the failure and the stream's end.
    continuation.yield(.success([3]))
    continuation.finish()
    var chunks = HTTPBodyStream(results: results).makeAsyncIterator()
    var seen: [Result<[UInt8]?, HTTPError>] = []
    for _ in 0..<4 {
      do throws(HTTPError) {
        seen.append(.success(try await chunks.next()))
      } catch {
        seen.append(.failure(error))
      }
    }
    #expect(seen == [.success([1, 2]), .failure(.timeout), .success(nil), .success(nil)])
  }
}
