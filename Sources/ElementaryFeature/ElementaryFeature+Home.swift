import Core

extension ElementaryFeature {
  /// The home screen's model for a child in `grade` under `values`: a pure function, so the
  /// app, previews and `switchyard home` compute the same screen.
  ///
  /// - Sections come from `elementary_home_sections` in its order. Unknown names are dropped
  ///   and a name listed again is dropped, each with a diagnostic; when no known section
  ///   remains, the default list stands in, with a diagnostic.
  /// - The daily goal comes from `elementary_daily_goal_minutes`, clamped to
  ///   `ElementaryFeatureKeys.dailyGoalMinutesRange`, with a diagnostic when clamped.
  /// - A malformed value is replaced by its key's default, with the key's diagnostic.
  public static func home(for grade: Grade, values: any ConfigValues) -> ElementaryHome {
    var diagnostics: [Reason] = []
    let sections = homeSections(values: values, diagnostics: &diagnostics)
    let goal = dailyGoalMinutes(values: values, diagnostics: &diagnostics)
    return ElementaryHome(
      grade: grade, sections: sections, dailyGoalMinutes: goal, diagnostics: diagnostics)
  }

  private static func homeSections(
    values: any ConfigValues, diagnostics: inout [Reason]
  ) -> [ElementarySection] {
    let key = ElementaryFeatureKeys.homeSections
    let names = values.resolve(key)
    if let diagnostic = names.diagnostic { diagnostics.append(diagnostic) }
    var sections: [ElementarySection] = []
    for name in names.value {
      guard let section = ElementarySection(rawValue: name) else {
        let known = ElementarySection.allCases.map(\.rawValue).joined(separator: ", ")
        diagnostics.append(
          .diagnostic(
            "key '\(key.name)': unknown section \"\(name)\" dropped (known: \(known))"))
        continue
      }
      guard !sections.contains(section) else {
        diagnostics.append(
          .diagnostic("key '\(key.name)': section \"\(name)\" is listed twice; keeping the first"))
        continue
      }
      sections.append(section)
    }
    guard sections.isEmpty else { return sections }
    diagnostics.append(
      .diagnostic(
        "key '\(key.name)': no known section to show; using the default \(key.defaultRawValue)"))
    return ElementaryFeatureKeys.defaultHomeSections
  }

  private static func dailyGoalMinutes(
    values: any ConfigValues, diagnostics: inout [Reason]
  ) -> Int {
    let key = ElementaryFeatureKeys.dailyGoalMinutes
    let range = ElementaryFeatureKeys.dailyGoalMinutesRange
    let goal = values.resolve(key)
    if let diagnostic = goal.diagnostic { diagnostics.append(diagnostic) }
    if goal.value < range.lowerBound {
      diagnostics.append(
        .diagnostic(
          "key '\(key.name)': \(goal.value) is below the minimum \(range.lowerBound); "
            + "using \(range.lowerBound)"))
      return range.lowerBound
    }
    if goal.value > range.upperBound {
      diagnostics.append(
        .diagnostic(
          "key '\(key.name)': \(goal.value) is above the maximum \(range.upperBound); "
            + "using \(range.upperBound)"))
      return range.upperBound
    }
    return goal.value
  }
}
