@testable import ConfigEngine
@testable import ConfigRouting
import Core
import Foundation
import RootRouting
import Testing

@Suite("ConfigRouter.Batch")
struct ConfigRouterBatchTests {
  /// `ConfigRouterTests`' course and gates, plus a greeting by year that no route reads, and
  /// a maintenance message per app version, which the maintenance gate reads.
  static let templateJSON = """
    {"conditions": [
      {"name": "second_years", "expression": "app.customSignal['\(AppSignals.stage)'].exactlyMatches(['elementary']) && app.customSignal['\(AppSignals.year)'] == 2"},
      {"name": "new_year", "expression": "dateTime >= dateTime('2027-01-01T00:00:00', 'UTC')"},
      {"name": "first_year", "expression": "app.customSignal['\(AppSignals.year)'] == 1"},
      {"name": "old_app", "expression": "app.version.<(['2.3.0'])"}],
     "parameters": {
      "course_years": {"defaultValue": {"value": "[1]"},
                       "conditionalValues": {"second_years": {"value": "[1, 2]"}}},
      "isUnderMaintenance": {"defaultValue": {"value": "false"},
                             "conditionalValues": {"new_year": {"value": "true"}}},
      "maintenanceMessage": {"defaultValue": {"value": "Back soon"},
                             "conditionalValues": {"old_app": {"value": "Update while we work"}}},
      "greeting": {"defaultValue": {"value": "Hello"},
                   "conditionalValues": {"first_year": {"value": "Welcome"}}}}}
    """

  static func router() throws -> ConfigRouter {
    let catalog = try ConfigKeyCatalog([
      RootRoutingKeys.keys,
      ConfigKeySet(module: "CourseFeature", keys: [ConfigRouterTests.courseYears.erased]),
    ])
    return ConfigRouter(
      template: CompiledTemplate(try Template(json: templateJSON)),
      features: [ConfigRouterTests.course], defaults: InAppDefaults(catalog: catalog))
  }

  /// One user: the route input's parts and the evaluation context.
  struct User: Sendable, CustomTestStringConvertible {
    var grade: Grade?
    var session: SessionStatus = .signedIn
    var idiom: DeviceIdiom = .phone
    var app = "2.3.0"
    var context = EvaluationContext()

    var testDescription: String {
      "\(grade.map(String.init(describing:)) ?? "no profile"), \(session), \(idiom), \(app)"
    }

    func input() throws -> RouteInput {
      RouteInput(
        session: session,
        profile: grade.map { ProfileStatus.loaded(UserProfile(grade: $0)) } ?? .notLoaded,
        appVersion: try SemanticVersion(parsing: app), idiom: idiom)
    }
  }

  /// Users who take every set of routed values of the template, several of them more than
  /// once, in an order that mixes them.
  static let users: [User] = {
    let january = EvaluationContext(now: ConfigRouterTests.january)
    var users: [User] = []
    for year in 1...3 {
      let grade = try? Grade.elementary(year)
      users += [
        User(grade: grade), User(grade: grade, idiom: .pad), User(grade: grade, app: "2.1.0"),
        User(grade: grade, context: january),
        User(
          grade: grade,
          context: EvaluationContext(
            randomizationID: "user-\(year)")),
      ]
    }
    users += [
      User(grade: try? .juniorHigh(2)), User(grade: nil), User(grade: nil, session: .signedOut),
      User(grade: try? .elementary(2), app: "1.0.0", context: january),
    ]
    return users
  }()

  @Test(
    "each user gets the route, values, context and configuration the one-user path gives",
    arguments: [1, 4_096])
  func sameAsOneUser(capacity: Int) throws {
    let router = try Self.router()
    var batch = router.batch(capacity: capacity)
    // Twice through, so the second pass is answered from configurations made in the first.
    for user in Self.users + Self.users {
      let input = try user.input()
      let batched = batch.route(input, context: user.context, now: ConfigRouterTests.december)
      let alone = router.route(input, context: user.context, now: ConfigRouterTests.december)
      #expect(batched.route == alone.route, "\(user.testDescription)")
      #expect(batched.configuration == alone.configuration, "\(user.testDescription)")
      #expect(batched.context == alone.context)
      #expect(batched.now == alone.now)
      #expect(
        batched.values.keys.map { batched.values[$0] } == alone.values.keys.map { alone.values[$0] }
      )
      #expect(router.explain(batched) == router.explain(alone))
    }
  }

  @Test("users with the same routed values share one configuration; unread keys never split it")
  func reusesConfigurations() throws {
    var batch = try Self.router().batch()
    for user in Self.users {
      _ = batch.route(try user.input(), context: user.context, now: ConfigRouterTests.december)
    }
    // Routed values: course years [1] or [1, 2], maintenance off or on, the message for the
    // current app or an old one; the users take seven of those eight sets. The greeting,
    // which no route reads, differs by year and adds none.
    #expect(batch.configurationCount == 7)
  }

  @Test("each route keeps its own user's values, also those no route reads")
  func keepsOwnValues() throws {
    var batch = try Self.router().batch()
    let first = batch.route(
      try User(grade: try .elementary(1)).input(), now: ConfigRouterTests.december)
    let third = batch.route(
      try User(grade: try .elementary(3)).input(), now: ConfigRouterTests.december)
    #expect(batch.configurationCount == 1)
    #expect(first.values["greeting"].rawValue == "Welcome")
    #expect(third.values["greeting"].rawValue == "Hello")
    #expect(third.context.customSignals[AppSignals.year] == 3)
  }

  @Test("the cache never holds more than its capacity", arguments: [0, 1, 2, 5, 100])
  func bounded(capacity: Int) throws {
    var batch = try Self.router().batch(capacity: capacity)
    for user in Self.users {
      _ = batch.route(try user.input(), context: user.context, now: ConfigRouterTests.december)
      #expect(batch.configurationCount <= capacity)
    }
    #expect(batch.configurationCount == min(capacity, 7))
  }

  @Test("batches on many tasks, each its own, route as the router does")
  func manyTasks() async throws {
    let router = try Self.router()
    let now = ConfigRouterTests.december
    let expected = try Self.users.map {
      try router.route($0.input(), context: $0.context, now: now)
    }
    let routes = try await withThrowingTaskGroup(of: (Int, [Route]).self) { group in
      for task in 0..<4 {
        group.addTask {
          var batch = router.batch()
          return (
            task,
            try Self.users.map { try batch.route($0.input(), context: $0.context, now: now).route }
          )
        }
      }
      return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
    }
    #expect(routes.count == 4)
    for (_, routed) in routes { #expect(routed == expected.map(\.route)) }
  }

  @Test("without any config the route is loading, as the planner decides with none")
  func withoutConfig() throws {
    let input = try User(grade: try .elementary(2), idiom: .pad).input()
    let route = ConfigRouter.routeWithoutConfig(input)
    #expect(route == RoutePlanner.route(input, configuration: nil))
    #expect(route.screen == .loading)
    #expect(route.reasons.map(\.message) == ["no config is available yet"])
    #expect(route.orientations == FeatureOrientations.platformDefault[.pad])
  }
}
