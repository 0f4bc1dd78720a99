import Core
import SwitchyardTestSupport
import Testing

@testable import ConfigClient
@testable import ConfigEngine

/// Marks set while a fetch is in flight, with a source whose server evaluates for the
/// context: the answer is for the context the request carried and the template the server
/// had when it left, so it clears neither a context-changed mark nor a stale mark set since,
/// and does not answer a caller who asks for the new context.
// A safety net, not a timing assertion: a fetch that never ends fails the test instead of
// hanging the run.
@Suite("Marks set while a fetch is in flight", .timeLimit(.minutes(1)))
struct MarksDuringFetchTests {
  static let grade1 = EvaluationContext(customSignals: ["year": 1])
  static let grade2 = EvaluationContext(customSignals: ["year": 2])
  static let template = TemplateFixtures.template(version: 1, ["welcome": "hello"])

  /// A client for grade 1 whose first fetch has reached the source and waits for its answer.
  private struct FetchInFlight {
    let source = HeldTemplateSource(evaluatesOnServer: true)
    let client: RemoteConfigClient
    /// The requests after the first, as they reach the source.
    var requests: AsyncStream<TemplateFetchRequest>.Iterator
    let first: Task<FetchResult, any Error>

    init() async {
      let client = RemoteConfigClient(
        source: source, timeSource: ManualTimeSource(), context: grade1)
      self.client = client
      requests = source.requests.makeAsyncIterator()
      first = Task { try await client.fetch() }
      #expect(await requests.next()?.context == grade1)
    }

    /// Answers the first fetch with the template; returns what that fetch gave.
    func answerFirst() async throws -> FetchResult {
      source.answer(.template(body: Array(template.utf8), etag: "1"))
      return try await first.value
    }
  }

  @Test("the fetch's answer leaves the mark set, so the next fetch asks for the new context")
  func markStaysForTheNewContext() async throws {
    var fetch = await FetchInFlight()
    await fetch.client.setContext(Self.grade2)
    #expect(await fetch.client.isContextChanged)
    #expect(try await fetch.answerFirst() == .newTemplate(versionNumber: 1))
    // Answered for grade 1: grade 2 has not been asked for yet.
    #expect(await fetch.client.isContextChanged)

    // Within the minimum interval, yet the next fetch goes out, for grade 2.
    let second = Task { [client = fetch.client] in try await client.fetch() }
    #expect(await fetch.requests.next()?.context == Self.grade2)
    fetch.source.answer(.notModified)
    #expect(try await second.value == .notModified)
    #expect(await !fetch.client.isContextChanged)
    #expect(try await fetch.client.fetch() == .servedFromCache)
  }

  @Test("a fetch called for a new context while one is in flight asks again for its own")
  func fetchForNewContextAsksAgain() async throws {
    var fetch = await FetchInFlight()
    await fetch.client.setContext(Self.grade2)
    // Whether it reaches the client before or after the first answer, it is not given that
    // answer: it waits for it, then fetches for grade 2.
    let second = Task { [client = fetch.client] in try await client.fetch() }
    #expect(try await fetch.answerFirst() == .newTemplate(versionNumber: 1))
    #expect(await fetch.requests.next()?.context == Self.grade2)
    fetch.source.answer(.notModified)
    #expect(try await second.value == .notModified)
    #expect(fetch.source.requestCount == 2)
    #expect(await !fetch.client.isContextChanged)
  }

  @Test("a change in a field the source does not send needs no second request")
  func unsentFieldNeedsNoRequest() async throws {
    let fetch = await FetchInFlight()
    // Firebase's fetch does not send the randomization ID: the answer holds for it.
    await fetch.client.setContext(
      EvaluationContext(randomizationID: "r7", customSignals: ["year": 1]))
    #expect(await !fetch.client.isContextChanged)
    #expect(try await fetch.answerFirst() == .newTemplate(versionNumber: 1))
    // Within the minimum interval, the next fetch is served from the cache.
    #expect(try await fetch.client.fetch() == .servedFromCache)
    #expect(fetch.source.requestCount == 1)
  }

  @Test("a stale mark set while a fetch is in flight survives its answer")
  func staleMarkSurvives() async throws {
    var fetch = await FetchInFlight()
    // The server announces a newer template after the request left.
    await fetch.client.markStale()
    #expect(try await fetch.answerFirst() == .newTemplate(versionNumber: 1))
    #expect(fetch.client.isStale)
    // So the next fetch goes out within the minimum interval, and its answer clears it.
    let second = Task { [client = fetch.client] in try await client.fetch() }
    #expect(await fetch.requests.next() != nil)
    fetch.source.answer(.template(body: Array(Self.template.utf8), etag: "2"))
    #expect(try await second.value == .newTemplate(versionNumber: 1))
    #expect(!fetch.client.isStale)
    #expect(try await fetch.client.fetch() == .servedFromCache)
  }
}
