import ConfigClient
import ConfigClientHTTP
import Core
import Foundation
import SwitchyardTestSupport
import Testing

/// A CDN may compress the template: the source asks for gzip and reads it, within its limit.
@Suite("HTTPTemplateSource and gzip", .timeLimit(.minutes(3)))
struct HTTPTemplateSourceGzipTests {
  /// A gzip fixture of HTTPTransport's tests (see its `Fixtures/Gzip/README.md`).
  static func fixture(_ name: String) throws -> [UInt8] {
    try SourceTree.bytes("Tests/HTTPTransportTests/Fixtures/Gzip/\(name)")
  }

  static func gzipped(_ body: [UInt8]) -> LoopbackResponse {
    LoopbackResponse(
      status: 200,
      headers: [("Content-Encoding", "gzip"), ("ETag", "\"gz\"")], body: .complete(body))
  }

  @Test("the source sends Accept-Encoding: gzip and returns the inflated template with its ETag")
  func gzipTemplate() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/t", Self.gzipped(try Self.fixture("template-9.gz")))
      let source = HTTPTemplateSource(url: server.url("/t"))
      let response = try await source.fetchTemplate(TemplateFetchRequest(timeout: .seconds(30)))
      let template = try Self.fixture("template.json")
      #expect(response == .template(body: template, etag: "\"gz\""))
      #expect(server.requests.first?.header("Accept-Encoding") == "gzip")
    }
  }

  @Test("a template that inflates past the limit is too large, however small it came")
  func inflatedPastLimit() async throws {
    try await LoopbackHTTPServer.with { server in
      let compressed = try Self.fixture("template-9.gz")
      server.enqueue(at: "/t", Self.gzipped(compressed))
      let source = HTTPTemplateSource(url: server.url("/t"), maximumBodyBytes: 100_000)
      #expect(compressed.count < 100_000)
      await #expect(throws: TemplateSourceError.bodyTooLarge(limit: 100_000)) {
        try await source.fetchTemplate(TemplateFetchRequest(timeout: .seconds(30)))
      }
    }
  }
}
