import ConfigEngine
import ConfigRouting
import Core

/// `route`'s and `home`'s planning for one template with the app's features: each scenario
/// planned at its context's `now`, or the clock's.
struct RoutePlanning: Sendable {
  let app: AppComposition
  let router: ConfigRouter
  let clock: any TimeSource

  init(_ template: CompiledTemplate, clock: any TimeSource) throws {
    app = try AppComposition.standard()
    router = app.router(for: template)
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
