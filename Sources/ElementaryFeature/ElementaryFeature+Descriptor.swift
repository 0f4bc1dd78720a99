public import Core

extension ElementaryFeature {
  /// How the router decides whom the course serves: a signed-in user (the router asks
  /// features about signed-in users only) whose grade is elementary, whose year is in
  /// `elementary_supported_grades`, while `elementary_enabled` is on, and only on iPad.
  /// Landscape only (left and right) on every device.
  ///
  /// The rule reads `ElementaryFeatureKeys.routing` once per config; a malformed value is
  /// replaced by the key's default and reported in the rule's `diagnostics`. Every answer is
  /// a sentence a support person can read, e.g. `elementary course not yet open for grade 3`.
  public static let descriptor = FeatureDescriptor(
    id: id, module: module, keys: ElementaryFeatureKeys.routing,
    orientations: FeatureOrientations(.landscape)
  ) { values in
    let enabled = values.resolve(ElementaryFeatureKeys.enabled)
    let grades = values.resolve(ElementaryFeatureKeys.supportedGrades)
    let diagnostics = [enabled.diagnostic, grades.diagnostic].compactMap { $0 }
    let answers = ElementaryEligibility(enabled: enabled.value, openYears: Set(grades.value))
    return FeatureRule(diagnostics: diagnostics) { user in answers.eligibility(for: user) }
  }
}

/// The course's answers for one config, built once so the per-user decision only compares.
struct ElementaryEligibility: Sendable {
  private let enabled: Bool
  private let turnedOff: FeatureEligibility =
    .declines(
      because: "elementary course is turned off (\(ElementaryFeatureKeys.enabled.name) is false)")
  private let phone: FeatureEligibility =
    .declines(because: "elementary course is iPad-only; this is a phone")
  /// The answer for each elementary year on an iPad: open, or not yet open.
  private let byYear: [Int: FeatureEligibility]

  init(enabled: Bool, openYears: Set<Int>) {
    self.enabled = enabled
    var byYear: [Int: FeatureEligibility] = [:]
    for year in SchoolStage.elementary.validYears {
      byYear[year] = Self.answer(year: year, open: openYears.contains(year))
    }
    self.byYear = byYear
  }

  private static func answer(year: Int, open: Bool) -> FeatureEligibility {
    open
      ? .serves(because: "elementary course is open for grade \(year) on this iPad")
      : .declines(because: "elementary course not yet open for grade \(year)")
  }

  func eligibility(for user: FeatureUser) -> FeatureEligibility {
    guard user.grade.stage == .elementary else {
      return .declines(
        because: "elementary course is for elementary grades; this user is \(user.grade)")
    }
    guard enabled else { return turnedOff }
    // A `Grade` keeps elementary years in 1...6, which `byYear` covers.
    let answer = byYear[user.grade.year] ?? Self.answer(year: user.grade.year, open: false)
    guard answer.serves else { return answer }
    switch user.idiom {
    case .pad: return answer
    case .phone: return phone
    }
  }
}
