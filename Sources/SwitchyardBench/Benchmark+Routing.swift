import Core
import RootRouting

extension Benchmark {
  /// Route decisions per second for a signed-in user under a prepared configuration with
  /// two features, the first of which declines the user: the decision the app makes on
  /// every event, measured without the once-per-activation preparation.
  static let routing = Benchmark(
    name: "routing",
    summary: "Route decisions per second (prepared config, two features, signed-in user)."
  ) { report, _ in
    let configuration = RouteConfiguration(
      values: InMemoryConfigValues([
        "isUnderMaintenance": "false",
        "force_alert_information":
          #"{"version": "2.0.0", "url": "https://apps.apple.com/app/id1"}"#,
      ]),
      descriptors: [
        stageDescriptor("juniorHigh", stage: .juniorHigh),
        stageDescriptor("elementary", stage: .elementary),
      ],
      origin: .activated)
    let appVersion = try SemanticVersion(parsing: "2.3.0")
    let inputs = try (1...4).map { year in
      RouteInput(
        session: .signedIn, profile: .loaded(UserProfile(grade: try .elementary(year))),
        appVersion: appVersion, idiom: .phone)
    }
    let decisions = 4_000_000
    var checksum = 0
    for input in inputs {
      checksum &+= RoutePlanner.route(input, configuration: configuration).reasons.count
    }
    let seconds = await Stopwatch.seconds {
      for index in 0..<decisions {
        let route = RoutePlanner.route(inputs[index & 3], configuration: configuration)
        checksum &+= route.reasons.count
      }
    }
    report.figure("decisions per second", Double(decisions) / seconds, unit: "/s")
    report.figure("time per decision", seconds * 1e9 / Double(decisions), unit: "ns")
    report.note("\(decisions) decisions of an elementary user; checksum \(checksum)")
  }

  /// A descriptor serving one school stage, with its reasons built when the rule is made,
  /// as a real feature's rule should.
  private static func stageDescriptor(_ id: FeatureID, stage: SchoolStage) -> FeatureDescriptor {
    FeatureDescriptor(
      id: id, module: "Benchmark", keys: [], orientations: .platformDefault
    ) { _ in
      let serves = "\(id) serves \(stage) grades"
      let declines = "\(id) serves \(stage) grades only"
      return FeatureRule { user in
        user.grade.stage == stage ? .serves(because: serves) : .declines(because: declines)
      }
    }
  }
}
