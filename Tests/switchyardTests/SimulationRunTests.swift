@testable import ConfigEngine
import ConfigRouting
import Core
import Foundation
import Testing
@testable import switchyard

@Suite("SimulationRun")
struct SimulationRunTests {
  static let now = Date(timeIntervalSince1970: 1_780_315_200)  // 2026-06-01T12:00:00Z

  @Test(
    "pieces tallied on many tasks add up to the report of one loop over the users",
    arguments: [(1, 1), (37, 3), (5_000, 8)])
  func sameAsOneLoop(usersPerPiece: Int, piecesInFlight: Int) async throws {
    let app = try AppComposition.standard()
    let router = app.router(for: CompiledTemplate(try Template(json: SampleTemplate.json)))
    var expected = SimulationReport(users: 1_500, seed: 5, descriptors: app.descriptors)
    // One loop through the router itself, as simulate did before it ran on every core.
    for user in SyntheticPopulation.users(count: 1_500, seed: 5) {
      let outcome = user.plan(with: router, now: Self.now)
      expected.record(user, outcome.route, configuration: outcome.routed?.configuration)
    }
    var run = SimulationRun(users: 1_500, seed: 5, descriptors: app.descriptors)
    run.usersPerPiece = usersPerPiece
    run.piecesInFlight = piecesInFlight
    let report = await run.report(router: router, now: Self.now)
    #expect(report.text(templateName: "t") == expected.text(templateName: "t"))
    #expect(report.json == expected.json)
  }

  @Test("progress counts up to every user on one line and clears it at the end")
  func progress() async throws {
    let app = try AppComposition.standard()
    let router = app.router(for: CompiledTemplate(try Template(json: SampleTemplate.json)))
    var run = SimulationRun(users: 400, seed: 1, descriptors: app.descriptors)
    run.usersPerPiece = 100
    let written = LockedState<[String]>([])
    _ = await run.report(router: router, now: Self.now) { text in
      written.withLock { $0.append(text) }
    }
    let lines = written.withLock { $0 }
    #expect(
      lines == [
        "\rsimulating: 100 of 400 users (25%)", "\rsimulating: 200 of 400 users (50%)",
        "\rsimulating: 300 of 400 users (75%)", "\rsimulating: 400 of 400 users (100%)",
        "\r\u{1B}[K",
      ])
  }

  @Test("simulate shows progress on standard error only when it is a terminal")
  func progressOnlyAtATerminal() async throws {
    for terminal in [false, true] {
      let capture = CapturedToolIO()
      let io = capture.io
      let status = await SwitchyardTool.run(
        arguments: ["simulate", "--users", "300", "--now", "2026-06-01T12:00:00Z"],
        io: ToolIO(
          writeOutput: io.writeOutput, writeError: io.writeError,
          readInputLine: io.readInputLine, errorIsTerminal: terminal))
      #expect(status == .success)
      #expect(capture.output.hasPrefix("300 simulated users"))
      #expect(capture.error.contains("simulating: 300 of 300 users (100%)") == terminal)
    }
  }
}
