import ConfigClient
import ConfigClientHTTP
import Core
import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

/// `RemoteConfigClient` over `FirebaseServerTemplateSource`: conditional fetches end in 304,
/// and Google's errors throttle the client exactly as the HTTP source's statuses do.
@Suite("RemoteConfigClient over the Firebase server template", .timeLimit(.minutes(3)))
struct ClientOverFirebaseTests {
  static let path = FirebaseServerTemplateSourceTests.path

  static func client(_ server: LoopbackHTTPServer, time: ManualTimeSource) throws
    -> RemoteConfigClient
  {
    RemoteConfigClient(
      source: try FirebaseServerTemplateSourceTests.source(server, time: time),
      timeSource: time, random: .constant(0.5))
  }

  @Test("the template's ETag header is sent back as If-None-Match, and 304 keeps the template")
  func conditionalFetch() async throws {
    try await LoopbackHTTPServer.with { server in
      let template = TemplateFixtures.template(version: 5, ["greeting": "hi"])
      server.serveTemplate(at: Self.path, template, etag: "etag-123456789012-5")
      let time = ManualTimeSource(now: TestTime.start)
      let client = try Self.client(server, time: time)
      let first = try await client.fetchAndActivate()
      let second = try await client.fetchAndActivate()
      let forced = try await client.fetch(ignoringMinimumInterval: true)
      #expect(
        first
          == FetchAndActivateResult(
            fetch: .newTemplate(versionNumber: 5), updatedKeys: ["greeting"]))
      #expect(second == FetchAndActivateResult(fetch: .servedFromCache, updatedKeys: []))
      #expect(forced == .notModified)
      #expect(await client.fetchedETag == "etag-123456789012-5")
      #expect(server.requests.map { $0.header("If-None-Match") } == [nil, "etag-123456789012-5"])
      #expect(client.snapshot["greeting"].rawValue == "hi")
    }
  }

  /// A Google error answer with `status`, and `Retry-After` when given.
  static func answer(_ status: Int, retryAfter: String?) -> LoopbackResponse {
    var response = FirebaseServerTemplateSourceTests.googleError(
      status, "STATUS", "status \(status)")
    if let retryAfter { response.headers.append((name: "Retry-After", value: retryAfter)) }
    return response
  }

  @Test(
    "Google's statuses throttle exactly as the HTTP source's do",
    arguments: [429, 500, 502, 503, 504, 400, 401, 403, 404], [nil, "300"] as [String?])
  func throttlesLikeHTTP(status: Int, retryAfter: String?) async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(
        at: Self.path, Self.answer(status, retryAfter: retryAfter),
        Self.answer(status, retryAfter: retryAfter))
      server.enqueue(
        at: "/plain", Self.answer(status, retryAfter: retryAfter),
        Self.answer(status, retryAfter: retryAfter))
      let firebaseTime = ManualTimeSource(now: TestTime.start)
      let httpTime = ManualTimeSource(now: TestTime.start)
      let firebase = try Self.client(server, time: firebaseTime)
      let http = RemoteConfigClient(
        source: HTTPTemplateSource(url: server.url("/plain"), timeSource: httpTime),
        timeSource: httpTime, random: .constant(0.5))
      var firebaseThrottles: [Date?] = []
      var httpThrottles: [Date?] = []
      for _ in 1...2 {
        let firebaseError = await #expect(throws: FetchError.self) {
          try await firebase.fetch(ignoringMinimumInterval: true)
        }
        let httpError = await #expect(throws: FetchError.self) {
          try await http.fetch(ignoringMinimumInterval: true)
        }
        if case .source(let source)? = firebaseError {
          guard let google = source.underlying(as: GoogleAPIError.self) else {
            Issue.record("expected Google's error, got \(source)")
            return
          }
          #expect(google.httpStatus == status)
        }
        #expect((firebaseError == nil) == (httpError == nil))
        firebaseThrottles.append(await firebase.throttledUntil)
        httpThrottles.append(await http.throttledUntil)
      }
      #expect(firebaseThrottles == httpThrottles)
      #expect(
        server.requests.filter { $0.path == Self.path }.count
          == server.requests.filter { $0.path == "/plain" }.count)
      // The rule itself, so the two cannot agree on something else: 429 at once, 5xx from the
      // second in a row, a client error only with Retry-After.
      let throttledAtOnce = status == 429 || retryAfter != nil
      #expect((firebaseThrottles[0] != nil) == throttledAtOnce)
      let serverError = [500, 502, 503, 504].contains(status)
      #expect((firebaseThrottles[1] != nil) == (throttledAtOnce || serverError))
    }
  }

  @Test("a credentials failure never throttles")
  func credentialsNeverThrottle() async throws {
    try await LoopbackHTTPServer.with { server in
      let time = ManualTimeSource(now: TestTime.start)
      let failure = CredentialsError(.unreachable, "the metadata server did not answer")
      let client = RemoteConfigClient(
        source: try FirebaseServerTemplateSourceTests.source(
          server, credentials: TestCredentials(failing: failure), time: time),
        timeSource: time)
      for _ in 1...3 {
        await #expect(throws: FetchError.source(.underlying(failure.sourceFailure))) {
          try await client.fetch(ignoringMinimumInterval: true)
        }
        #expect(await client.throttledUntil == nil)
      }
      #expect(server.requests.isEmpty)
    }
  }
}
