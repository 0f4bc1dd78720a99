import Core
import RootRouting
import SwitchyardTestSupport

/// Two course descriptors built the way real feature modules build theirs, for the tests:
/// elementary (a BOOLEAN switch) and junior high (a JSON list of open years).
enum TestFeatures {
  /// `elementary_open` BOOLEAN [true]: whether the elementary course is open.
  static let elementaryOpen = ConfigKey<Bool>("elementary_open", default: true)
  /// `juniorHigh_years` JSON [[1,2,3]]: the junior-high years that are open.
  static let juniorHighYears = ConfigKey<[Int]>(json: "juniorHigh_years", default: [1, 2, 3])

  /// Serves elementary grades while `elementary_open` is true. Portrait on phones,
  /// landscape on pads.
  static let elementary = FakeCourse.elementary(isOpen: elementaryOpen)

  /// Serves the junior-high years listed in `juniorHigh_years`. Every orientation but
  /// upside-down everywhere.
  static let juniorHigh = FeatureDescriptor(
    id: .juniorHigh, module: "JuniorHighFeature", keys: [juniorHighYears.erased],
    orientations: FeatureOrientations(.allButUpsideDown)
  ) { values in
    let years = values.resolve(juniorHighYears)
    return FeatureRule(diagnostics: years.diagnostic.map { [$0] } ?? []) { user in
      guard user.grade.stage == .juniorHigh else {
        return .declines(because: "juniorHigh serves juniorHigh grades only")
      }
      return years.value.contains(user.grade.year)
        ? .serves(because: "juniorHigh serves its open years")
        : .declines(because: "juniorHigh year \(user.grade.year) is not open yet")
    }
  }

  /// Serves every grade: a fallback registered last, so that closing a course moves its
  /// users to another feature. Platform-default orientations.
  static let review = FeatureDescriptor(
    id: "review", module: "ReviewFeature", keys: [], orientations: .platformDefault
  ) { _ in FeatureRule { _ in .serves(because: "review serves every grade") } }

  /// Both courses, elementary first.
  static let all = [elementary, juniorHigh]
}

/// Shorthands for building inputs in tests.
enum Fixture {
  static func version(_ text: String) throws -> SemanticVersion {
    try SemanticVersion(parsing: text)
  }

  static func configuration(
    _ values: [String: String] = [:], descriptors: [FeatureDescriptor] = TestFeatures.all,
    origin: ConfigOrigin = .activated
  ) -> RouteConfiguration {
    RouteConfiguration(
      values: InMemoryConfigValues(values), descriptors: descriptors, origin: origin)
  }

  static func signedIn(
    _ grade: Grade, assigned: FeatureID? = nil, app: String = "2.3.0", idiom: DeviceIdiom = .phone
  ) throws -> RouteInput {
    RouteInput(
      session: .signedIn, profile: .loaded(UserProfile(grade: grade, assignedFeature: assigned)),
      appVersion: try version(app), idiom: idiom)
  }

  /// The route the planner (pinned down by `RoutePlannerTests`) gives a phone app at 2.3.0
  /// for these inputs: what the machine and the runtime must show. `values` nil: no config.
  static func route(
    _ values: [String: String]?, origin: ConfigOrigin = .activated, _ session: SessionStatus,
    _ profile: ProfileStatus = .notLoaded, descriptors: [FeatureDescriptor]
  ) throws -> Route {
    RoutePlanner.route(
      RouteInput(
        session: session, profile: profile, appVersion: try version("2.3.0"), idiom: .phone),
      configuration: values.map { configuration($0, descriptors: descriptors, origin: origin) })
  }

  static let forcedUpdate3 =
    #"{"title": "Please update", "message": "Version 3 is out", "version": "3.0.0", "#
    + #""url": "https://apps.apple.com/app/id1"}"#
}

extension FeatureID {
  /// The test courses' identities, declared here as a feature module declares its own (Core
  /// names no feature, and RootRouting's tests import none).
  static let elementary: FeatureID = "elementary"
  static let juniorHigh: FeatureID = "juniorHigh"
}
