import Core
import RootRouting
import Testing

@Suite("RoutePlanner")
struct RoutePlannerTests {
  @Test(
    "no config yet routes to loading with the platform's default orientations",
    arguments: [
      (DeviceIdiom.phone, OrientationMask.allButUpsideDown), (.pad, .all),
    ])
  func noConfig(idiom: DeviceIdiom, orientations: OrientationMask) throws {
    let input = try Fixture.signedIn(.elementary(3), idiom: idiom)
    let route = RoutePlanner.route(input, configuration: nil)
    #expect(
      route
        == Route(
          screen: .loading, reasons: [.because("no config is available yet")],
          orientations: orientations))
  }

  @Test(
    "an app older than the forced-update minimum must update; equal or newer ones pass",
    arguments: [("2.9.9", true), ("2.3", true), ("3.0.0", false), ("3", false), ("3.0.1", false)])
  func forcedUpdate(app: String, blocked: Bool) throws {
    let configuration = Fixture.configuration(["force_alert_information": Fixture.forcedUpdate3])
    let route = RoutePlanner.route(
      try Fixture.signedIn(.elementary(3), app: app), configuration: configuration)
    let update = ForcedUpdate(
      title: "Please update", message: "Version 3 is out",
      minimumVersion: try Fixture.version("3.0.0"), storeURL: "https://apps.apple.com/app/id1")
    if blocked {
      #expect(
        route
          == Route(
            screen: .updateRequired(update),
            reasons: [
              .because("config: activated"),
              .because("app version \(app) is lower than the required 3.0.0"),
            ],
            orientations: .allButUpsideDown))
    } else {
      #expect(route.screen == .feature(.elementary))
    }
  }

  @Test("the forced update comes before maintenance, and maintenance before the session")
  func gateOrder() throws {
    let both = Fixture.configuration([
      "force_alert_information": Fixture.forcedUpdate3, "isUnderMaintenance": "true",
    ])
    let signedOut = RouteInput(
      session: .signedOut, appVersion: try Fixture.version("2.0"), idiom: .pad)
    #expect(RoutePlanner.route(signedOut, configuration: both).screen.name == "updateRequired")

    let maintenance = Fixture.configuration([
      "isUnderMaintenance": "true", "maintenanceMessage": "Back at 10:00",
    ])
    let route = RoutePlanner.route(signedOut, configuration: maintenance)
    #expect(
      route
        == Route(
          screen: .maintenance(message: "Back at 10:00"),
          reasons: [.because("config: activated"), .because("maintenance is on")],
          orientations: .all))
  }

  @Test("maintenance without a message, or with a blank one, shows the generic message")
  func maintenanceMessageDefault() throws {
    let input = RouteInput(session: .unknown, appVersion: try Fixture.version("1"), idiom: .phone)
    let missing = RoutePlanner.route(
      input, configuration: Fixture.configuration(["isUnderMaintenance": "yes"]))
    #expect(missing.screen == .maintenance(message: RootRoutingKeys.defaultMaintenanceMessage))
    #expect(missing.reasons.allSatisfy { $0.kind == .because })

    let blank = RoutePlanner.route(
      input,
      configuration: Fixture.configuration([
        "isUnderMaintenance": "true", "maintenanceMessage": "  ",
      ]))
    #expect(blank.screen == .maintenance(message: RootRoutingKeys.defaultMaintenanceMessage))
    #expect(
      blank.reasons.contains(
        .diagnostic("key 'maintenanceMessage' is blank; using the default message")))
  }

  @Test(
    "an unknown session shows loading and a signed-out one the login screen",
    arguments: [
      (SessionStatus.unknown, Screen.loading, "the session is being restored"),
      (.signedOut, .login, "no one is signed in"),
    ])
  func session(status: SessionStatus, screen: Screen, reason: String) throws {
    let input = RouteInput(session: status, appVersion: try Fixture.version("2.3.0"), idiom: .phone)
    let route = RoutePlanner.route(input, configuration: Fixture.configuration())
    #expect(
      route
        == Route(
          screen: screen, reasons: [.because("config: activated"), .because(reason)],
          orientations: .allButUpsideDown))
  }

  @Test("signed in without a profile shows loading; a failed profile a retryable unavailable")
  func profileNotReady() throws {
    var input = RouteInput(
      session: .signedIn, profile: .notLoaded, appVersion: try Fixture.version("2.3.0"),
      idiom: .phone)
    let configuration = Fixture.configuration()
    #expect(
      RoutePlanner.route(input, configuration: configuration).reasons.last
        == .because("signed in; the profile is loading"))
    #expect(RoutePlanner.route(input, configuration: configuration).screen == .loading)

    input.profile = .failed(reason: "HTTP 503")
    let failed = RoutePlanner.route(input, configuration: configuration)
    #expect(failed.screen == .unavailable(retryable: true))
    #expect(
      failed.reasons.last
        == .because(
          "the profile could not be loaded (HTTP 503); retrying when the app becomes active"))
  }

  @Test("the first registered feature that serves the user wins, in registration order")
  func firstServingFeature() throws {
    let juniorHigh = try Fixture.signedIn(.juniorHigh(2))
    let route = RoutePlanner.route(juniorHigh, configuration: Fixture.configuration())
    #expect(
      route
        == Route(
          screen: .feature(.juniorHigh),
          reasons: [
            .because("config: activated"),
            .because("elementary serves elementary grades only"),
            .because("juniorHigh serves its open years"),
          ],
          orientations: .allButUpsideDown))

    // Both serve an elementary user: the order decides.
    let first = RoutePlanner.route(
      try Fixture.signedIn(.elementary(1)),
      configuration: Fixture.configuration(descriptors: [
        TestFeatures.review, TestFeatures.elementary,
      ]))
    #expect(first.screen == .feature("review"))
    let second = RoutePlanner.route(
      try Fixture.signedIn(.elementary(1)),
      configuration: Fixture.configuration(descriptors: [
        TestFeatures.elementary, TestFeatures.review,
      ]))
    #expect(second.screen == .feature(.elementary))
  }

  @Test(
    "a feature route asks for the feature's orientations on the device",
    arguments: [
      (DeviceIdiom.phone, OrientationMask.portrait), (.pad, .landscape),
    ])
  func featureOrientations(idiom: DeviceIdiom, expected: OrientationMask) throws {
    let route = RoutePlanner.route(
      try Fixture.signedIn(.elementary(4), idiom: idiom), configuration: Fixture.configuration())
    #expect(route.screen == .feature(.elementary))
    #expect(route.orientations == expected)
  }

  @Test("when no feature serves the user, unavailable lists every feature's 'no, because'")
  func noFeatureServes() throws {
    let route = RoutePlanner.route(
      try Fixture.signedIn(.juniorHigh(3)),
      configuration: Fixture.configuration(["juniorHigh_years": "[1, 2]"]))
    #expect(
      route
        == Route(
          screen: .unavailable(retryable: false),
          reasons: [
            .because("config: activated"),
            .because("elementary serves elementary grades only"),
            .because("juniorHigh year 3 is not open yet"),
            .because("no registered feature serves juniorHigh 3"),
          ],
          orientations: .allButUpsideDown))

    let none = RoutePlanner.route(
      try Fixture.signedIn(.juniorHigh(3)), configuration: Fixture.configuration(descriptors: []))
    #expect(none.screen == .unavailable(retryable: false))
    #expect(none.reasons.last == .because("no feature is registered"))
  }

  @Test("a backend-assigned feature wins over the order when it serves the user")
  func assignedFeatureServes() throws {
    let route = RoutePlanner.route(
      try Fixture.signedIn(.elementary(2), assigned: .elementary),
      configuration: Fixture.configuration(descriptors: [
        TestFeatures.review, TestFeatures.elementary,
      ]))
    #expect(
      route
        == Route(
          screen: .feature(.elementary),
          reasons: [
            .because("config: activated"),
            .because("the backend assigned elementary"),
            .because("elementary serves elementary grades"),
          ],
          orientations: .portrait))
  }

  @Test("a backend-assigned feature that declines the user routes to unavailable with its reason")
  func assignedFeatureDeclines() throws {
    let route = RoutePlanner.route(
      try Fixture.signedIn(.elementary(2), assigned: .juniorHigh),
      configuration: Fixture.configuration())
    #expect(
      route
        == Route(
          screen: .unavailable(retryable: false),
          reasons: [
            .because("config: activated"),
            .because("the backend assigned juniorHigh"),
            .because("juniorHigh serves juniorHigh grades only"),
          ],
          orientations: .allButUpsideDown))
  }

  @Test("a backend-assigned feature that is not registered routes to unavailable")
  func assignedFeatureUnknown() throws {
    let route = RoutePlanner.route(
      try Fixture.signedIn(.elementary(2), assigned: "highSchool"),
      configuration: Fixture.configuration())
    #expect(route.screen == .unavailable(retryable: false))
    #expect(
      route.reasons.last
        == .because("the backend assigned 'highSchool', which is not a registered feature"))
  }

  @Test(
    "the config's origin is the first reason",
    arguments: [
      (ConfigOrigin.activated, "config: activated"),
      (.cached, "config: cached from an earlier launch"),
      (.defaults, "config: in-app defaults, because no config arrived in time"),
    ])
  func originReason(origin: ConfigOrigin, message: String) throws {
    let route = RoutePlanner.route(
      try Fixture.signedIn(.elementary(1)), configuration: Fixture.configuration(origin: origin))
    #expect(route.reasons.first == .because(message))
  }

  @Test("gate diagnostics appear in every route, and a feature's diagnostics when it is asked")
  func diagnosticsInReasons() throws {
    let configuration = Fixture.configuration([
      "isUnderMaintenance": "maybe", "juniorHigh_years": "[1,",
    ])
    let login = RoutePlanner.route(
      RouteInput(session: .signedOut, appVersion: try Fixture.version("1"), idiom: .phone),
      configuration: configuration)
    #expect(login.screen == .login)
    #expect(
      login.reasons.filter { $0.kind == .diagnostic }.map(\.message)
        == [
          "key 'isUnderMaintenance': \"maybe\" is not a boolean; using the default false"
        ])

    let elementary = RoutePlanner.route(
      try Fixture.signedIn(.elementary(1)), configuration: configuration)
    #expect(elementary.reasons.filter { $0.kind == .diagnostic }.count == 1)

    let juniorHigh = RoutePlanner.route(
      try Fixture.signedIn(.juniorHigh(1)), configuration: configuration)
    #expect(juniorHigh.screen == .feature(.juniorHigh))
    let diagnostics = juniorHigh.reasons.filter { $0.kind == .diagnostic }.map(\.message)
    #expect(diagnostics.count == 2)
    #expect(diagnostics.last?.hasPrefix("key 'juniorHigh_years': \"[1,\" is not JSON") == true)
  }

  @Test("a route prints for a person: the screen and orientations, then one reason per line")
  func routeDescription() {
    let route = Route(
      screen: .feature(.elementary),
      reasons: [.because("config: activated"), .diagnostic("key 'x' is odd")],
      orientations: .portrait)
    #expect(
      route.description
        == "elementary [portrait]\n  because config: activated\n  warning: key 'x' is odd")
  }

  @Test("screens are named as the issue names them")
  func screenNames() throws {
    let update = ForcedUpdate(minimumVersion: try Fixture.version("1"), storeURL: "https://x")
    let names = [
      Screen.loading, .login, .feature(.elementary), .feature(.juniorHigh),
      .maintenance(message: "m"), .updateRequired(update), .unavailable(retryable: true),
    ].map(\.name)
    #expect(
      names == [
        "loading", "login", "elementary", "juniorHigh", "maintenance", "updateRequired",
        "unavailable",
      ])
    // What `check` accepts besides the features' identities.
    #expect(
      Screen.namesWithoutFeature
        == ["loading", "login", "maintenance", "updateRequired", "unavailable"])
  }
}
