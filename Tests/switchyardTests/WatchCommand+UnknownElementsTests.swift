import Core
import Foundation
import SwitchyardTestSupport
import Testing

@testable import switchyard

/// A template activated after the first fetch, by a round of `--every` or a real-time update,
/// may hold a condition element newer than this version: `watch` warns about it on standard
/// error, as the first fetch does, and standard output keeps only the update lines.
extension WatchCommandTests {
  static let unknownMethodWarning =
    "switchyard watch: warning: " + ServeCommandTests.unknownMethodWarning

  /// The warnings `watch` printed.
  static func warnings(_ capture: CapturedToolIO) -> [String] {
    capture.error.split(separator: "\n").map(String.init).filter { $0.contains(": warning: ") }
  }

  @Test("--every warns about an element this version does not know in each template it activates")
  func everyWarnsAboutUnknownElements() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(
        at: "/t.json", ServeCommandTests.template(banner: "Welcome", version: 86), etag: "\"86\"")
      let time = PeriodClock(period: .seconds(1))
      let cache = try TemporaryDirectory()
      // A child task: the suite's time limit cancels it should the update never come.
      async let watch = Self.watchForOneUpdate(server, every: time, cache: cache)
      await time.waitForRoundToEnd()  // the first fetch is done
      server.serveTemplate(
        at: "/t.json",
        ServeCommandTests.templateWithUnknownMethod(banner: "Hello again", version: 87),
        etag: "\"87\"")
      await time.startNextRound()
      let (status, capture) = await watch
      #expect(status == .success, "\(capture.error)")
      #expect(capture.outputLines == [#"{"version":87,"updatedKeys":["banner"]}"#])
      #expect(Self.warnings(capture) == [Self.unknownMethodWarning], "\(capture.error)")
    }
  }

  @Test("a real-time update warns about an element this version does not know in what it activates")
  func streamWarnsAboutUnknownElements() async throws {
    try await LoopbackHTTPServer.with { server in
      server.serveTemplate(
        at: "/t.json", ServeCommandTests.template(banner: "Welcome", version: 86), etag: "\"86\"")
      let (watch, stream, cache) = try await Self.startWatching(server, maximumUpdates: 1)
      defer { _ = cache }
      server.serveTemplate(
        at: "/t.json",
        ServeCommandTests.templateWithUnknownMethod(banner: "Hello again", version: 87),
        etag: "\"87\"")
      stream.send("{\"latestTemplateVersionNumber\": 87}\n")
      let (status, capture) = await watch.value
      #expect(status == .success, "\(capture.error)")
      #expect(capture.outputLines == [#"{"version":87,"updatedKeys":["banner"]}"#])
      #expect(Self.warnings(capture) == [Self.unknownMethodWarning], "\(capture.error)")
      await stream.waitUntilEnded()
    }
  }
}
