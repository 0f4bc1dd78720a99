import Core
import RootRouting
import Testing

@Suite("RouteConfiguration")
struct RouteConfigurationTests {
  @Test("the gates are resolved once, when the configuration is prepared")
  func resolvesGates() throws {
    let configuration = Fixture.configuration([
      "isUnderMaintenance": "on", "maintenanceMessage": "Back soon",
      "force_alert_information": Fixture.forcedUpdate3,
    ])
    #expect(configuration.isUnderMaintenance)
    #expect(configuration.maintenanceMessage == "Back soon")
    #expect(configuration.forcedUpdate?.minimumVersion == (try Fixture.version("3")))
    #expect(configuration.diagnostics.isEmpty)
    #expect(configuration.featureIDs == [.elementary, .juniorHigh])
  }

  @Test("the defaults configuration holds the keys' defaults and says so")
  func defaults() {
    let configuration = RouteConfiguration.defaults(descriptors: TestFeatures.all)
    #expect(configuration.origin == .defaults)
    #expect(!configuration.isUnderMaintenance)
    #expect(configuration.maintenanceMessage == RootRoutingKeys.defaultMaintenanceMessage)
    #expect(configuration.forcedUpdate == nil)
    #expect(configuration.diagnostics.isEmpty)
  }

  @Test("each descriptor's rule is made once per configuration, not per decision")
  func rulesMadeOnce() throws {
    let counter = Counter()
    let counted = Counter.descriptor(counting: counter, .serves(because: "counted serves everyone"))
    let configuration = Fixture.configuration(descriptors: [counted])
    for year in 1...6 {
      _ = RoutePlanner.route(try Fixture.signedIn(.elementary(year)), configuration: configuration)
    }
    #expect(counter.value == 1)
  }

  @Test("the keys a configuration reads are the gates, then each feature's, in priority order")
  func keyNames() {
    #expect(
      Fixture.configuration().keyNames == [
        "isUnderMaintenance", "maintenanceMessage", "force_alert_information", "elementary_open",
        "juniorHigh_years",
      ])
    #expect(
      Fixture.configuration(descriptors: [TestFeatures.juniorHigh, TestFeatures.review]).keyNames
        == [
          "isUnderMaintenance", "maintenanceMessage", "force_alert_information",
          "juniorHigh_years",
        ])
    #expect(
      RouteConfiguration.keyNames(descriptors: TestFeatures.all) == Fixture.configuration().keyNames
    )
  }

  @Test("every feature answers a user from the rule made once, gates or no gates")
  func eligibility() throws {
    let counter = Counter()
    let counted = Counter.descriptor(
      counting: counter, .declines(because: "counted declines everyone"))
    let configuration = Fixture.configuration(
      ["isUnderMaintenance": "true", "juniorHigh_years": "[2]"],
      descriptors: TestFeatures.all + [counted])
    let user = FeatureUser(grade: try .juniorHigh(2), idiom: .pad)
    let answers = configuration.eligibility(for: user)
    #expect(answers.map(\.serves) == [false, true, false])
    #expect(
      answers.map(\.reason.message) == [
        "elementary serves elementary grades only", "juniorHigh serves its open years",
        "counted declines everyone",
      ])
    _ = configuration.eligibility(for: FeatureUser(grade: try .juniorHigh(1), idiom: .phone))
    #expect(counter.value == 1)
  }

  @Test("configurations are equal when prepared from the same values of the keys they read")
  func equality() {
    let base = ["isUnderMaintenance": "false", "elementary_open": "true"]
    #expect(Fixture.configuration(base) == Fixture.configuration(base))
    // A key nobody registered does not matter.
    #expect(
      Fixture.configuration(base)
        == Fixture.configuration(base.merging(["unrelated": "1"]) { $1 }))
    // A gate key, a feature's key, the origin and the features all do.
    #expect(
      Fixture.configuration(base)
        != Fixture.configuration(base.merging(["isUnderMaintenance": "true"]) { $1 }))
    #expect(
      Fixture.configuration(base)
        != Fixture.configuration(base.merging(["elementary_open": "false"]) { $1 }))
    #expect(Fixture.configuration(base) != Fixture.configuration(base, origin: .cached))
    #expect(
      Fixture.configuration(base)
        != Fixture.configuration(base, descriptors: [TestFeatures.elementary]))
  }
}

/// A thread-safe counter for closures the code under test calls.
final class Counter: Sendable {
  private let count = LockedState(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }

  /// A feature `counted` that gives everyone `answer` and counts on `counter` how often its
  /// rule is made.
  static func descriptor(
    counting counter: Counter, _ answer: FeatureEligibility
  ) -> FeatureDescriptor {
    FeatureDescriptor(id: "counted", module: "Tests", keys: [], orientations: .platformDefault) {
      _ in
      counter.increment()
      return FeatureRule { _ in answer }
    }
  }
}
