import Core
import Foundation
import SwitchyardTestSupport
import Testing

@testable import switchyard

/// `fetch --cache` given a path that cannot be the cache directory: the message names the
/// path and the problem in words, on one line, never Foundation's error dump.
@Suite("switchyard fetch --cache", .timeLimit(.minutes(3)))
struct FetchCommandCacheDirectoryTests {
  @Test("an empty --cache is a usage error, and nothing is fetched")
  func emptyPath() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(at: "/t.json", FetchCommandTests.template, etag: "\"7\"")
      let (status, capture) = await CapturedToolIO.run(
        ["fetch", "--url", server.url("/t.json").absoluteString, "--cache", ""])
      #expect(status == .usage)
      #expect(
        capture.error.hasPrefix(
          "switchyard fetch: option '--cache' needs a directory, not an empty path"))
      #expect(server.requests.isEmpty)
    }
  }

  @Test("a --cache that is a regular file is named, with what is wrong, on each line that says so")
  func regularFile() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(at: "/t.json", FetchCommandTests.template, etag: "\"7\"")
      let directory = try TemporaryDirectory()
      let file = directory.url.appendingPathComponent("cache.json").path
      try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
      let (status, capture) = await CapturedToolIO.run(
        ["fetch", "--url", server.url("/t.json").absoluteString, "--cache", file])
      // The values were fetched and are printed; only keeping them failed.
      #expect(status == .success)
      #expect(capture.outputLines == [FetchCommandTests.values])
      #expect(
        capture.error.contains(
          "cannot create the directory '\(file)': it exists and is not a directory"))
      #expect(
        capture.error.contains(
          "cannot read the directory '\(file)': it exists and is not a directory"))
      #expect(!capture.error.contains("Domain") && !capture.error.contains("Code="))
      for line in capture.error.split(separator: "\n") {
        #expect(ErrorTextRule.lineProblem(String(line)) == nil, "\(line)")
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data("{}".utf8))
    }
  }
}
