import Core
import Foundation
import SwitchyardTestSupport
import Testing

@testable import switchyard

/// A UTF-8 byte order mark, which some editors put at the start of every file they save, is
/// skipped by every JSON input of the tool: templates, defaults, context lines and the cache.
@Suite("Byte order marks in the tool's JSON inputs", .timeLimit(.minutes(3)))
struct ByteOrderMarkTests {
  static let mark = "\u{FEFF}"

  @Test("validate reads a template file that starts with a byte order mark")
  func templateFile() async throws {
    let files = try TemporaryDirectory()
    let template = try files.write("t.json", Self.mark + EvaluateCommandTests.template)
    let (status, capture) = await CapturedToolIO.run(["validate", template])
    #expect(status == .success)
    #expect(capture.outputLines == ["\(template): valid (2 parameters, 1 condition)"])
  }

  @Test("evaluate reads a template, a defaults file and a first context line with marks")
  func templateDefaultsAndContextLines() async throws {
    let files = try TemporaryDirectory()
    let template = try files.write("t.json", Self.mark + EvaluateCommandTests.template)
    let defaults = try files.write("d.json", Self.mark + #"{"flag": true, "retries": 3}"#)
    let contexts = try files.write(
      "c.jsonl", Self.mark + "{\"customSignals\": {\"tier\": \"paid\"}}\n{}\n")
    let (status, capture) = await CapturedToolIO.run([
      "evaluate", "--template", template, "--defaults", defaults, "--contexts", contexts,
    ])
    #expect(status == .success)
    #expect(
      capture.outputLines == [
        #"{"flag":{"value":"true","source":"default"},"retries":{"value":"3","source":"default"},"welcome":{"value":"hello supporter","source":"remote"}}"#,
        #"{"flag":{"value":"true","source":"default"},"retries":{"value":"3","source":"default"},"welcome":{"value":"hi","source":"remote"}}"#,
      ])
  }

  @Test("a mark anywhere but the start of a document is still an error")
  func markInsideIsAnError() async throws {
    let files = try TemporaryDirectory()
    let template = try files.write("t.json", " " + Self.mark + EvaluateCommandTests.template)
    let (status, capture) = await CapturedToolIO.run(["validate", template])
    #expect(status == .failure)
    #expect(capture.output.contains("line 1, column 2"))
  }

  @Test("fetch restores a cache file that starts with a byte order mark")
  func cacheFile() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(at: "/t.json", FetchCommandTests.template, etag: "\"7\"")
      let cache = try TemporaryDirectory()
      let arguments = [
        "fetch", "--url", server.url("/t.json").absoluteString, "--cache", cache.url.path,
      ]
      _ = await CapturedToolIO.run(arguments)
      let file = cache.url.appendingPathComponent("default.remote-config.json")
      let saved = try Data(contentsOf: file)
      try (Data(Self.mark.utf8) + saved).write(to: file)
      let (status, capture) = await CapturedToolIO.run(arguments)
      #expect(status == .success)
      #expect(capture.outputLines == [FetchCommandTests.values])
      #expect(capture.error.contains("served from cache"))
      #expect(!capture.error.contains("warning"))
      #expect(server.requests.count == 1)
    }
  }
}
