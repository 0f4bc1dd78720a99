import ConfigClient
import ConfigRouting
import Core
import Foundation
import RootRouting

/// Routes a synthetic population on every core: the population is drawn in order, a piece
/// at a time, each piece routed and tallied by a task of its own, and the tallies added up.
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
    await withTaskGroup(of: (Int, SimulationReport).self) { group in
      func tallyOne() async {
        guard let (count, piece) = await group.next() else { return }
        report.merge(piece)
        tallied += count
        let percent = tallied * 100 / users
        if let progress, percent != shownPercent {
          shownPercent = percent
          progress("\rsimulating: \(tallied) of \(users) users (\(percent)%)")
        }
      }
      while drawn < users {
        if drawn - tallied >= piecesInFlight * usersPerPiece { await tallyOne() }
        let piece = population.next(min(usersPerPiece, users - drawn))
        drawn += piece.count
        group.addTask {
          var tally = empty
          var routes = PreparedRoutes(router: router)
          for user in piece {
            let (route, configuration) = routes.route(user, now: now)
            tally.record(user, route, configuration: configuration)
          }
          return (piece.count, tally)
        }
      }
      while tallied < drawn { await tallyOne() }
    }
    // Clear the progress line: the report goes to standard output, which may be the same
    // terminal.
    progress?("\r\u{1B}[K")
    return report
  }
}

/// Routes users as `RouteScenario.plan(with:now:)` does, but prepares the route
/// configuration once per distinct set of values rather than once per user. Preparing (the
/// gates' and rules' JSON decoded) costs more than evaluating, and a population takes only
/// the few sets of values its template's conditions split it into; a configuration is made
/// from the values alone, so equal values give an equal configuration.
private struct PreparedRoutes {
  let router: ConfigRouter
  /// Configurations by the values they were made from, as each parameter's winning
  /// condition.
  private var configurations: [[Int32]: RouteConfiguration] = [:]
  /// Sets of values kept at most, so a template that splits users finely cannot fill memory.
  private let capacity = 4_096

  init(router: ConfigRouter) {
    self.router = router
  }

  /// The user's route and, when a config is available, the configuration it was planned from.
  mutating func route(_ user: RouteScenario, now: Date) -> (Route, RouteConfiguration?) {
    guard user.configAvailable else {
      return (RoutePlanner.route(user.input, configuration: nil), nil)
    }
    let context = AppSignals.completing(user.context, for: user.input)
    let values = router.template.evaluate(context, defaults: router.defaults, now: now)
    let choices = values.winningConditions
    let configuration: RouteConfiguration
    if let prepared = configurations[choices] {
      configuration = prepared
    } else {
      configuration = RouteConfiguration(
        values: values, descriptors: router.features, origin: .activated)
      if configurations.count < capacity { configurations[choices] = configuration }
    }
    return (RoutePlanner.route(user.input, configuration: configuration), configuration)
  }
}
