import ConfigEngine
import ConfigRouting
import Core
import Foundation
import RootRouting
import Testing

@Suite("ConfigRouter")
struct ConfigRouterTests {
  /// `course_years` JSON [[1]]: the elementary years a test course is open to.
  static let courseYears = ConfigKey<[Int]>(json: "course_years", default: [1])

  /// Serves the elementary years listed in `course_years`, on any device.
  static let course = FeatureDescriptor(
    id: "course", module: "CourseFeature", keys: [courseYears.erased],
    orientations: .platformDefault
  ) { values in
    let years = Set(values[courseYears])
    return FeatureRule { user in
      user.grade.stage == .elementary && years.contains(user.grade.year)
        ? .serves(because: "course is open for grade \(user.grade.year)")
        : .declines(because: "course is closed for \(user.grade)")
    }
  }

  /// Year 2 opens to elementary users by the app's signals; maintenance from 2027 on.
  static let templateJSON = """
    {"conditions": [
      {"name": "second_years", "expression": "app.customSignal['\(AppSignals.stage)'].exactlyMatches(['elementary']) && app.customSignal['\(AppSignals.year)'] == 2"},
      {"name": "new_year", "expression": "dateTime >= dateTime('2027-01-01T00:00:00', 'UTC')"}],
     "parameters": {
      "course_years": {"defaultValue": {"value": "[1]"},
                       "conditionalValues": {"second_years": {"value": "[1, 2]"}}},
      "isUnderMaintenance": {"defaultValue": {"value": "false"},
                             "conditionalValues": {"new_year": {"value": "true"}}}}}
    """

  static func router() throws -> ConfigRouter {
    let catalog = try ConfigKeyCatalog([
      RootRoutingKeys.keys, ConfigKeySet(module: "CourseFeature", keys: [courseYears.erased]),
    ])
    return ConfigRouter(
      template: CompiledTemplate(try Template(json: templateJSON)), features: [course],
      defaults: InAppDefaults(catalog: catalog))
  }

  static func input(_ grade: Grade) throws -> RouteInput {
    RouteInput(
      session: .signedIn, profile: .loaded(UserProfile(grade: grade)),
      appVersion: try SemanticVersion(parsing: "2.3.0"), idiom: .phone)
  }

  static let december = Date(timeIntervalSince1970: 1_796_083_200)  // 2026-12-01T00:00:00Z
  static let january = Date(timeIntervalSince1970: 1_798_761_600)  // 2027-01-01T00:00:00Z

  @Test("the template is evaluated with the signals the app sets, then the route is planned")
  func routesWithAppSignals() throws {
    let router = try Self.router()
    let second = router.route(try Self.input(.elementary(2)), now: Self.december)
    #expect(second.route.screen == .feature("course"))
    #expect(second.route.reasons.last?.message == "course is open for grade 2")
    #expect(second.values["course_years"].rawValue == "[1, 2]")
    #expect(second.context.customSignals[AppSignals.stage] == "elementary")
    #expect(second.context.customSignals[AppSignals.year] == 2)
    #expect(second.context.appVersion == "2.3.0")
    let third = router.route(try Self.input(.elementary(3)), now: Self.december)
    #expect(third.route.screen == .unavailable(retryable: false))
    #expect(third.values["course_years"].rawValue == "[1]")
    #expect(third.values["course_years"].source == .remote)
  }

  @Test("the route keeps the configuration it was planned from, its rules made once")
  func keepsConfiguration() throws {
    let routed = try Self.router().route(try Self.input(.elementary(2)), now: Self.january)
    #expect(routed.route.screen == .maintenance(message: RootRoutingKeys.defaultMaintenanceMessage))
    #expect(routed.configuration.keyNames == RootRoutingKeys.all.map(\.name) + ["course_years"])
    // Behind the maintenance gate the course would still serve the user.
    let user = FeatureUser(grade: try .elementary(2), idiom: .pad)
    #expect(routed.configuration.eligibility(for: user).map(\.serves) == [true])
  }

  @Test("the context's own time wins over now")
  func contextTime() throws {
    let router = try Self.router()
    let input = try Self.input(.elementary(1))
    #expect(router.route(input, now: Self.january).route.screen.name == "maintenance")
    let before = router.route(
      input, context: EvaluationContext(now: Self.december), now: Self.january)
    #expect(before.route.screen == .feature("course"))
  }

  @Test("an explanation gives every key the route read, in order, with the template's reasons")
  func explains() throws {
    let router = try Self.router()
    let routed = router.route(
      try Self.input(.elementary(2)), context: EvaluationContext(randomizationID: "u"),
      now: Self.december)
    let explained = router.explain(routed)
    #expect(explained.map(\.value.key) == routed.configuration.keyNames)
    #expect(
      explained.map(\.value.rawValue) == [
        "false", RootRoutingKeys.defaultMaintenanceMessage, "{}", "[1, 2]",
      ])
    let reasons = try #require(explained.last?.reasons.map(\.message))
    #expect(reasons.first?.hasPrefix("condition 'second_years' is true") == true)
    #expect(explained[1].value.source == .default)
  }

  @Test(
    "any key is explained for the routed user: the signals the route added and its time count")
  func explainsOtherKeys() throws {
    let router = try Self.router()
    let routed = router.route(
      try Self.input(.elementary(2)), context: EvaluationContext(randomizationID: "u"),
      now: Self.december)
    let explained = router.explain(keys: ["isUnderMaintenance", "course_years", "absent"], routed)
    #expect(explained.map(\.value.rawValue) == ["false", "[1, 2]", ""])
    #expect(explained.map(\.value.source) == [.remote, .remote, .static])
    // The stage and year signals are the route's, not the context's as given.
    #expect(
      explained[1].reasons.first?.message.hasPrefix("condition 'second_years' is true") == true)
  }
}
