import ConfigRouting
import Core
import Foundation

/// Routes a synthetic population on every core (`ParallelPieces`): the population is drawn
/// in order, a piece at a time, each piece routed and tallied by a task of its own, and the
/// tallies added up.
/// Counts do not depend on the order they are added in, so the report is the one a single
/// loop over the users gives, and at most `piecesInFlight` pieces are held at once.
struct SimulationRun {
  let users: Int
  let seed: Int
  let descriptors: [FeatureDescriptor]
  /// Users per piece: enough that a task's start costs little beside its work.
  var usersPerPiece = 2_048
  /// Pieces drawn and not yet tallied: two per core keeps every core busy.
  var piecesInFlight = max(2, 2 * ProcessInfo.processInfo.activeProcessorCount)

  /// The report of routing every user through `router` at `now`. With `progress`, the share
  /// done so far is written to it (standard error at a terminal) as it grows, on one line
  /// that is cleared at the end.
  func report(
    router: ConfigRouter, now: Date, progress: (@Sendable (String) -> Void)? = nil
  ) async -> SimulationReport {
    let empty = SimulationReport(users: users, seed: seed, descriptors: descriptors)
    var population = SyntheticPopulation.Draw(seed: UInt64(seed))
    var report = empty
    var drawn = 0
    var tallied = 0
    var shownPercent = -1
    await ParallelPieces(inFlight: piecesInFlight).run { () -> [RouteScenario]? in
      guard drawn < users else { return nil }
      let piece = population.next(min(usersPerPiece, users - drawn))
      drawn += piece.count
      return piece
    } work: { piece -> (Int, SimulationReport) in
      var tally = empty
      var batch = router.batch()
      for user in piece {
        let outcome = user.plan(with: &batch, now: now)
        tally.record(user, outcome.route, configuration: outcome.routed?.configuration)
      }
      return (piece.count, tally)
    } merge: { (result: (count: Int, report: SimulationReport)) in
      let (count, piece) = result
      report.merge(piece)
      tallied += count
      let percent = tallied * 100 / users
      if let progress, percent != shownPercent {
        shownPercent = percent
        progress("\rsimulating: \(tallied) of \(users) users (\(percent)%)")
      }
    }
    // Clear the progress line: the report goes to standard output, which may be the same
    // terminal.
    progress?("\r\u{1B}[K")
    return report
  }
}
