@testable import ConfigClient
@testable import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("FileTemplateSource")
struct FileTemplateSourceTests {
  let json = TemplateFixtures.template(version: 3, ["a": "1"])

  @Test("reads the file with its SHA-256 as the ETag; the same ETag answers not modified")
  func etag() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("t.json", Array(json.utf8))
    let source = FileTemplateSource(path: path)
    let etag = SHA256.hash(Array(json.utf8)).hexString
    #expect(
      try await source.fetchTemplate(TemplateFetchRequest(timeout: .seconds(1)))
        == .template(body: Array(json.utf8), etag: etag))
    #expect(try await source.fetchTemplate(TemplateFetchRequest(etag: etag, timeout: .seconds(1))) == .notModified)
    try directory.write("t.json", Array(TemplateFixtures.template(version: 4, ["a": "2"]).utf8))
    guard
      case .template(_, let newETag) = try await source.fetchTemplate(TemplateFetchRequest(
        etag: etag, timeout: .seconds(1)))
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
      try await missing.fetchTemplate(TemplateFetchRequest(timeout: .seconds(1)))
    } throws: { error in
      guard case TemplateSourceError.connectivity(let message) = error else { return false }
      return message.contains("none.json")
    }
    let path = try directory.write("big.json", Array(json.utf8))
    await #expect(throws: TemplateSourceError.bodyTooLarge(limit: 10)) {
      try await FileTemplateSource(path: path, maximumBytes: 10).fetchTemplate(TemplateFetchRequest(
        etag: nil, timeout: .seconds(1)))
    }
  }

  @Test("through a client: new template, then not modified after the interval")
  func throughClient() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("t.json", Array(json.utf8))
    let time = ManualTimeSource(now: TestTime.start)
    let client = RemoteConfigClient(source: FileTemplateSource(path: path), timeSource: time)
    #expect(try await client.fetchAndActivate().fetch == .newTemplate(versionNumber: 3))
    time.advance(by: .seconds(12 * 3600))
    #expect(try await client.fetch() == .notModified)
    #expect(client.snapshot["a"].rawValue == "1")
  }
}
