public import Core

extension JuniorHighFeature {
  /// How the router decides whom the course serves: a signed-in user (the router asks
  /// features about signed-in users only) whose grade is junior high, while
  /// `junior_high_enabled` is on, on any device. All four orientations on iPad, all but
  /// upside-down on iPhone.
  ///
  /// The rule reads `JuniorHighFeatureKeys.routing` once per config; a malformed value is
  /// replaced by the key's default and reported in the rule's `diagnostics`. Every answer is
  /// a sentence a support person can read, e.g. `junior high course is turned off
  /// (junior_high_enabled is false)`.
  public static let descriptor = FeatureDescriptor(
    id: id, module: module, keys: JuniorHighFeatureKeys.routing,
    orientations: FeatureOrientations(phone: .allButUpsideDown, pad: .all)
  ) { values in
    let enabled = values.resolve(JuniorHighFeatureKeys.enabled)
    let answers = JuniorHighEligibility(enabled: enabled.value)
    return FeatureRule(diagnostics: enabled.diagnostic.map { [$0] } ?? []) { user in
      answers.eligibility(for: user)
    }
  }
}

/// The course's answers for one config, built once so the per-user decision only compares.
struct JuniorHighEligibility: Sendable {
  private let enabled: Bool
  private let turnedOff: FeatureEligibility =
    .declines(
      because: "junior high course is turned off (\(JuniorHighFeatureKeys.enabled.name) is false)")
  /// The answer for each junior-high year.
  private let byYear: [Int: FeatureEligibility]

  init(enabled: Bool) {
    self.enabled = enabled
    var byYear: [Int: FeatureEligibility] = [:]
    for year in SchoolStage.juniorHigh.validYears {
      byYear[year] = Self.serves(year: year)
    }
    self.byYear = byYear
  }

  private static func serves(year: Int) -> FeatureEligibility {
    .serves(because: "junior high course is open for \(SchoolStage.juniorHigh) \(year)")
  }

  func eligibility(for user: FeatureUser) -> FeatureEligibility {
    guard user.grade.stage == .juniorHigh else {
      return .declines(
        because: "junior high course is for junior-high grades; this user is \(user.grade)")
    }
    guard enabled else { return turnedOff }
    // A `Grade` keeps junior-high years in 1...3, which `byYear` covers.
    return byYear[user.grade.year] ?? Self.serves(year: user.grade.year)
  }
}
