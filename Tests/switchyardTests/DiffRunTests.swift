@testable import ConfigEngine
import ConfigRouting
import Core
import Foundation
import RootRouting
import Testing
@testable import switchyard

@Suite("DiffRun")
struct DiffRunTests {
  static let now = Date(timeIntervalSince1970: 1_780_315_200)  // 2026-06-01T12:00:00Z

  static func run() throws -> (DiffRun, DiffSide, DiffSide) {
    let app = try AppComposition.standard()
    let old = CompiledTemplate(try Template(json: SampleTemplate.json))
    let new = CompiledTemplate(
      try Template(
        json: SampleTemplate.json.replacingOccurrences(
          of: "percent('grade2_rollout') <= 10", with: "percent('grade2_rollout') <= 60")))
    let (oldRouter, newRouter) = (app.router(for: old), app.router(for: new))
    return (
      DiffRun(
        old: oldRouter, new: newRouter,
        table: DiffKeyTable(old: old, new: new, defaults: app.defaults), now: now),
      DiffSide(file: "old", router: oldRouter), DiffSide(file: "new", router: newRouter)
    )
  }

  static func report(_ tally: DiffTally) throws -> JSONValue {
    let (run, old, new) = try run()
    return DiffReport(
      old: old, new: new, population: .synthetic(users: tally.users, seed: 3), now: now,
      table: run.table, tally: tally
    ).json
  }

  @Test(
    "pieces tallied on many tasks give the report of one loop over the users",
    arguments: [(1, 1), (37, 3), (5_000, 8)])
  func sameAsOneLoop(usersPerPiece: Int, inFlight: Int) async throws {
    var (run, _, _) = try Self.run()
    let users = SyntheticPopulation.users(count: 1_500, seed: 3).enumerated().map {
      DiffUser(number: $0 + 1, kind: .routed($1))
    }
    let expected = try Self.report(run.tally(users))
    run.usersPerPiece = usersPerPiece
    run.pieces.inFlight = inFlight
    let report = try Self.report(await run.tally(syntheticUsers: 1_500, seed: 3))
    #expect(report == expected)
    #expect(report["routes"]?["changedUsers"]?.doubleValue ?? 0 > 0)
  }

  @Test("tallies merged in any order are the same tally, examples the first users")
  func mergeOrder() throws {
    let (run, _, _) = try Self.run()
    let users = SyntheticPopulation.users(count: 3_000, seed: 3).enumerated().map {
      DiffUser(number: $0 + 1, kind: .routed($1))
    }
    let pieces = stride(from: 0, to: users.count, by: 250).map {
      run.tally(Array(users[$0..<min($0 + 250, users.count)]))
    }
    var forward = DiffTally(keys: run.table.keys.count)
    for piece in pieces { forward.merge(piece) }
    var backward = DiffTally(keys: run.table.keys.count)
    for piece in pieces.reversed() { backward.merge(piece) }
    let whole = try Self.report(run.tally(users))
    #expect(try Self.report(forward) == whole)
    #expect(try Self.report(backward) == whole)
  }

  @Test("a route change is told by the screens, or by the orientations when the screen stays")
  func routeTransitions() {
    let reasons = [Reason.because("r")]
    let pad = Route(screen: .unavailable(retryable: false), reasons: reasons, orientations: .all)
    let phone = Route(
      screen: .unavailable(retryable: false), reasons: reasons, orientations: .portrait)
    let feature = Route(screen: .feature("elementary"), reasons: reasons, orientations: .landscape)
    #expect(RouteTransition(pad, pad) == nil)
    #expect(RouteTransition(pad, feature)?.label == "unavailable -> elementary")
    #expect(
      RouteTransition(pad, phone)?.label
        == "unavailable (portrait, portraitUpsideDown, landscapeLeft, landscapeRight) -> "
        + "unavailable (portrait)")
  }
}
