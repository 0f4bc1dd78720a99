import Core
import Foundation
import Testing

@testable import ConfigClient

@Suite("FileTemplateSource")
struct FileTemplateSourceTests {
  let json = ClientFixtures.template(version: 3, ["a": "1"])

  @Test("reads the file with its SHA-256 as the ETag; the same ETag answers not modified")
  func etag() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("t.json", Array(json.utf8))
    let source = FileTemplateSource(path: path)
    let etag = SHA256.hash(Array(json.utf8)).hexString
    #expect(
      try await source.fetchTemplate(ifNoneMatch: nil, timeout: .seconds(1))
        == .template(body: Array(json.utf8), etag: etag))
    #expect(try await source.fetchTemplate(ifNoneMatch: etag, timeout: .seconds(1)) == .notModified)
    try directory.write("t.json", Array(ClientFixtures.template(version: 4, ["a": "2"]).utf8))
    guard
      case .template(_, let newETag) = try await source.fetchTemplate(
        ifNoneMatch: etag, timeout: .seconds(1))
    else {
      Issue.record("a changed file answered not modified")
      return
    }
    #expect(newETag != etag)
  }

  @Test("a missing file is a connectivity error; a file over the limit is too large")
  func failures() async throws {
    let directory = try TemporaryDirectory()
    let missing = FileTemplateSource(path: directory.url.path + "/none.json")
    await #expect {
      try await missing.fetchTemplate(ifNoneMatch: nil, timeout: .seconds(1))
    } throws: { error in
      guard case TemplateSourceError.connectivity(let message) = error else { return false }
      return message.contains("none.json")
    }
    let path = try directory.write("big.json", Array(json.utf8))
    await #expect(throws: TemplateSourceError.bodyTooLarge(limit: 10)) {
      try await FileTemplateSource(path: path, maximumBytes: 10).fetchTemplate(
        ifNoneMatch: nil, timeout: .seconds(1))
    }
  }

  @Test("through a client: new template, then not modified after the interval")
  func throughClient() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("t.json", Array(json.utf8))
    let time = ManualTimeSource(now: ClientFixtures.start)
    let client = RemoteConfigClient(source: FileTemplateSource(path: path), timeSource: time)
    #expect(try await client.fetchAndActivate().fetch == .newTemplate(versionNumber: 3))
    time.advance(by: .seconds(12 * 3600))
    #expect(try await client.fetch() == .notModified)
    #expect(client.snapshot["a"].rawValue == "1")
  }
}

@Suite("InMemoryTemplateSource")
struct InMemoryTemplateSourceTests {
  @Test("answers its script in order and records each request's ETag")
  func script() async throws {
    let source = InMemoryTemplateSource([.template("{}", etag: "e"), .notModified])
    source.enqueue(
      .tooManyRequests(retryAfter: .seconds(5)), .serverError(503), .timeout, .connectivity("down"))
    #expect(
      try await source.fetchTemplate(ifNoneMatch: nil, timeout: .seconds(1))
        == .template(body: Array("{}".utf8), etag: "e"))
    #expect(try await source.fetchTemplate(ifNoneMatch: "e", timeout: .seconds(1)) == .notModified)
    let errors: [TemplateSourceError] = [
      .http(status: 429, retryAfter: .seconds(5)), .http(status: 503, retryAfter: nil), .timeout,
      .connectivity("down"), .connectivity("the in-memory source has no scripted answer left"),
    ]
    for expected in errors {
      await #expect(throws: expected) {
        try await source.fetchTemplate(ifNoneMatch: "e", timeout: .seconds(1))
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
