import ConfigClient
import Core
import Foundation
import SwitchyardTestSupport
import Testing
@testable import switchyard

/// `watch --timeout` bounds the first fetch, as it does fetch's.
@Suite("switchyard watch --timeout", .timeLimit(.minutes(3)))
struct WatchCommandTimeoutTests {
  @Test("a first fetch that gets no answer ends the watch at --timeout with status 1 and why")
  func firstFetchTimesOut() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/t.json", .stall)
      let time = ManualTimeSource(now: TestTime.start)
      let command = ToolCommand.makeWatch(
        environment: NetworkCommandEnvironment(timeSource: time, random: .constant(0)))
      let cache = try TemporaryDirectory()
      let run = Task {
        await CapturedToolIO.run(
          ["watch"]
            + WatchCommandTests.arguments(server, cache: cache, ["--timeout", "7.5"]),
          replacing: [command])
      }
      _ = await server.waitForRequests(count: 1)
      await time.waitForSleepers(count: 1)
      // At 60 s (the default) or any time other than 7.5 s this would not end the fetch.
      time.advance(by: .milliseconds(7_500))
      let (status, capture) = await run.value
      #expect(status == .failure)
      #expect(capture.output.isEmpty)
      #expect(
        capture.error
          == "switchyard watch: error: fetch failed: the template source did not answer within"
          + " the fetch timeout;"
          + " nothing is cached yet\n")
      // The stream was never opened, and the stalled request was closed.
      #expect(server.requests.map(\.path) == ["/t.json"])
      await server.waitUntilNoOpenConnections()
    }
  }
}
