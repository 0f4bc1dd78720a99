import ConfigClient
import Core
import Foundation
import Testing

@Suite("InMemoryTemplateSource")
struct InMemoryTemplateSourceTests {
  @Test("answers its script in order and records each request's ETag")
  func script() async throws {
    let source = InMemoryTemplateSource([.template("{}", etag: "e"), .notModified])
    source.enqueue(
      .tooManyRequests(retryAfter: .seconds(5)), .serverError(503), .timeout, .connectivity("down"))
    #expect(
      try await source.fetchTemplate(TemplateFetchRequest(timeout: .seconds(1)))
        == .template(body: Array("{}".utf8), etag: "e"))
    #expect(try await source.fetchTemplate(TemplateFetchRequest(etag: "e", timeout: .seconds(1))) == .notModified)
    let errors: [TemplateSourceError] = [
      .http(status: 429, retryAfter: .seconds(5)), .http(status: 503, retryAfter: nil), .timeout,
      .connectivity("down"), .connectivity("the in-memory source has no scripted answer left"),
    ]
    for expected in errors {
      await #expect(throws: expected) {
        try await source.fetchTemplate(TemplateFetchRequest(etag: "e", timeout: .seconds(1)))
      }
    }
    #expect(source.requests == [nil, "e", "e", "e", "e", "e", "e"])
    #expect(source.remainingSteps == 0)
  }

  @Test(
    "error descriptions say what failed",
    arguments: [
      (
        TemplateSourceError.http(status: 503, retryAfter: .seconds(120)),
        "HTTP 503 (Retry-After: 120 s)"
      ),
      (
        .http(status: 429, retryAfter: .date(Date(timeIntervalSince1970: 1_767_225_720))),
        "HTTP 429 (Retry-After: 2026-01-01T00:02:00Z)"
      ),
      (
        .truncatedBody(received: 10, expected: 20),
        "the template body was cut short after 10 of 20 bytes"
      ),
      (.bodyTooLarge(limit: 5), "the template body is larger than the limit of 5 bytes"),
    ])
  func descriptions(error: TemplateSourceError, text: String) {
    #expect(error.description == text)
  }

  @Test("fetch errors describe themselves for a person")
  func fetchErrorDescriptions() {
    #expect(
      FetchError.throttled(until: Date(timeIntervalSince1970: 1_767_225_720)).description
        == "fetch throttled until 2026-01-01T00:02:00Z; no request was sent")
    #expect(FetchError.source(.timeout).description.hasPrefix("fetch failed: "))
  }
}
