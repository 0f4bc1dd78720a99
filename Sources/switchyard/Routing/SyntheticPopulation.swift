import ConfigEngine
import Core
import RootRouting

/// A reproducible population of signed-in users for `simulate`: grades across the three
/// school stages, phones and iPads, app versions from old to current, and random user ids.
/// The same seed gives the same users on every platform.
enum SyntheticPopulation {
  /// App versions in the field, with their share in percent: an old one below the sample's
  /// forced-update minimum, and three current ones.
  static let appVersions: [(version: String, percent: Int)] = [
    ("1.9.2", 5), ("2.0.0", 15), ("2.2.1", 30), ("2.3.0", 50),
  ]

  /// The population's size and seed as `simulate` and `diff` read them: `--users` (1 to
  /// 1,000,000, default 1,000) and `--seed` (default 1).
  /// - Throws: `UsageError` for a value out of range or not an integer.
  static func sizeAndSeed(
    _ arguments: ParsedArguments
  ) throws(UsageError) -> (users: Int, seed: Int) {
    (
      try arguments.integer("--users", in: 1...1_000_000) ?? 1_000,
      try arguments.integer("--seed", in: 0...Int.max) ?? 1
    )
  }

  /// `count` users from `seed`.
  static func users(count: Int, seed: UInt64) -> [RouteScenario] {
    var population = Draw(seed: seed)
    return population.next(count)
  }

  /// The population drawn a piece at a time, so a large one is never held whole: the
  /// pieces, one after the other, are the users `users(count:seed:)` gives.
  struct Draw {
    private var random: SeededRandomGenerator

    init(seed: UInt64) {
      random = SeededRandomGenerator(seed: seed)
    }

    /// The next `count` users.
    mutating func next(_ count: Int) -> [RouteScenario] {
      (0..<count).map { _ in SyntheticPopulation.user(&random) }
    }
  }

  private static func user(_ random: inout SeededRandomGenerator) -> RouteScenario {
    // Stages: 60 % elementary, 30 % junior high, 10 % high school; years uniform.
    let roll = Int.random(in: 0..<100, using: &random)
    let stage: SchoolStage = roll < 60 ? .elementary : roll < 90 ? .juniorHigh : .highSchool
    let year = Int.random(in: stage.validYears, using: &random)
    let idiom: DeviceIdiom = Int.random(in: 0..<100, using: &random) < 55 ? .pad : .phone
    var versionRoll = Int.random(in: 0..<100, using: &random)
    var versionText = appVersions[appVersions.count - 1].version
    for entry in appVersions {
      if versionRoll < entry.percent {
        versionText = entry.version
        break
      }
      versionRoll -= entry.percent
    }
    let id = "user-" + String(random.next() & 0xFFFF_FFFF, radix: 16)
    let profile: ProfileStatus
    if let grade = try? Grade(stage: stage, year: year) {
      profile = .loaded(UserProfile(grade: grade))
    } else {
      profile = .notLoaded
    }
    return RouteScenario(
      session: .signedIn, profile: profile,
      appVersion: SemanticVersion(versionText) ?? RouteScenario.defaultAppVersion, idiom: idiom,
      context: EvaluationContext(randomizationID: id))
  }
}
