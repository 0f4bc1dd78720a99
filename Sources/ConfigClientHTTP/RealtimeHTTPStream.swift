package import ConfigClient
package import Core
package import HTTPTransport

/// Opening a real-time stream over HTTP, for every transport that has one
/// (`HTTPRealtimeTransport`, `FirebaseRealtimeTransport`): the request sent through
/// `HTTPExchange` (redirects followed, secrets guarded), a refusal turned into an error, and
/// the body forwarded chunk by chunk with transport errors mapped to `RealtimeStreamError`.
package enum RealtimeHTTPStream {
  /// What a transport makes of an answer other than 200 (the exchange is cancelled after).
  package typealias Refusal = @Sendable (HTTPExchange) async -> RealtimeStreamError

  /// Sends `request` and, once the server has answered 200, returns the body's bytes as they
  /// arrive, through `reframer` when given (a server that frames messages its own way).
  /// A stream silent for longer than `idleTimeout` fails with `.timeout`.
  /// - Throws: `RealtimeStreamError` when the server cannot be reached, stays silent, or
  ///   answers another status (`refusal` says how).
  package static func open(
    _ request: HTTPRequest, idleTimeout: Duration, reframer: (any RealtimeStreamReframer)? = nil,
    refusal: Refusal
  ) async throws(RealtimeStreamError) -> AsyncThrowingStream<[UInt8], any Error> {
    let exchange: HTTPExchange
    do {
      // A long-lived stream has no total deadline and no size limit, only the idle timeout.
      exchange = try await HTTPExchange.open(
        request, idleTimeout: idleTimeout, resourceTimeout: .seconds(365 * 86_400),
        maximumBodyBytes: nil)
    } catch {
      throw mapError(error)
    }
    guard exchange.head.status == 200 else {
      let error = await refusal(exchange)
      exchange.cancel()
      throw error
    }
    return forward(exchange.body, reframer: reframer)
  }

  /// Re-emits `body` with transport errors mapped to `RealtimeStreamError`; stopping the
  /// returned stream stops the forwarding, which cancels the request.
  private static func forward(
    _ body: HTTPBodyStream, reframer: (any RealtimeStreamReframer)?
  ) -> AsyncThrowingStream<[UInt8], any Error> {
    let (stream, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
    let pump = Task {
      var reframer = reframer
      do throws(HTTPError) {
        for try await chunk in body {
          if reframer == nil {
            continuation.yield(chunk)
          } else if let lines = reframer?.append(chunk), !lines.isEmpty {
            continuation.yield(lines)
          }
        }
        continuation.finish()
      } catch {
        continuation.finish(throwing: mapError(error))
      }
    }
    continuation.onTermination = { _ in pump.cancel() }
    return stream
  }

  /// The body of a refusal, at most `limit` bytes and for at most `timeout` on `time`: enough
  /// for Google's error JSON, never more than a bounded wait.
  package static func errorBody(
    of exchange: HTTPExchange, limit: Int = 64 * 1024, timeout: Duration, time: any TimeSource
  ) async -> [UInt8] {
    let body = exchange.body
    return await Deadline.race(timeout: timeout, time: time, timedOut: [], cancelled: []) {
      var bytes: [UInt8] = []
      do {
        for try await chunk in body {
          bytes += chunk.prefix(limit - bytes.count)
          if bytes.count >= limit { break }
        }
      } catch {
        // What arrived is what there is.
      }
      return bytes
    }
  }

  /// The stream's vocabulary for a failed exchange. (A stream has no size limit and no
  /// declared length, so the body errors of a whole response do not arise; they would be an
  /// unusable answer.)
  static func mapError(_ error: HTTPError) -> RealtimeStreamError {
    switch error {
    case .timeout: .timeout
    case .cancelled: .connectivity("the stream was cancelled")
    case .connectivity(let message): .connectivity(message)
    case .invalidHost(let refusal): .connectivity(refusal.description)
    case .invalidResponse(let message): .invalidResponse(message)
    case .secretRefused(let refusal): .invalidResponse(refusal.description)
    case .bodyTooLarge, .truncatedBody: .invalidResponse(error.description)
    }
  }
}
