import ConfigClient
import ConfigRouting
import Core

/// `route`'s planning for one template: each scenario planned at its context's `now`, or the
/// clock's.
struct RoutePlanning: Sendable {
  let router: ConfigRouter
  let clock: any TimeSource

  init(_ template: CompiledTemplate, clock: any TimeSource) throws {
    router = try AppComposition.standard().router(for: template)
    self.clock = clock
  }

  func plan(_ scenario: RouteScenario) -> RouteOutcome {
    scenario.plan(with: router, now: scenario.context.now ?? clock.now)
  }

  /// The plan in words, for `--explain`.
  func explanation(_ scenario: RouteScenario) -> String {
    RouteReport.explanation(plan(scenario), router: router)
  }
}
