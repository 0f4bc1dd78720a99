package import ConfigClient
import Core

/// A source whose answers wait for the test: each request is reported on `requests` as it
/// arrives and answered with the next response given to `answer(_:)`, one request at a time,
/// so a test acts while a fetch is in flight.
package final class HeldTemplateSource: TemplateSource {
  package let evaluatesOnServer: Bool
  /// Every request, as it arrives.
  package let requests: AsyncStream<TemplateFetchRequest>
  private let arrived: AsyncStream<TemplateFetchRequest>.Continuation
  private let responses: AsyncStream<TemplateFetchResponse>
  private let respond: AsyncStream<TemplateFetchResponse>.Continuation
  private let count = LockedState(0)

  /// A source that acts as one whose server evaluates for the context when
  /// `evaluatesOnServer` (as `FirebaseAppTemplateSource` does).
  package init(evaluatesOnServer: Bool = false) {
    self.evaluatesOnServer = evaluatesOnServer
    (requests, arrived) = AsyncStream.makeStream()
    (responses, respond) = AsyncStream.makeStream()
  }

  /// How many requests arrived.
  package var requestCount: Int { count.withLock { $0 } }

  /// Answers the request waiting (or the next to arrive) with `response`.
  package func answer(_ response: TemplateFetchResponse) {
    respond.yield(response)
  }

  package func fetchTemplate(
    _ request: TemplateFetchRequest
  ) async throws(TemplateSourceError) -> TemplateFetchResponse {
    count.withLock { $0 += 1 }
    arrived.yield(request)
    var next = responses.makeAsyncIterator()
    guard let response = await next.next() else { throw .connectivity("no answer") }
    return response
  }
}
