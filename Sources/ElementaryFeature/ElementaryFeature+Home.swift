public import Core

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
    let sections = values.options(
      ElementaryFeatureKeys.homeSections, as: ElementarySection.self, noun: "section")
    diagnostics += sections.diagnostics
    let goal = dailyGoalMinutes(values: values, diagnostics: &diagnostics)
    return ElementaryHome(
      grade: grade, sections: sections.value, dailyGoalMinutes: goal, diagnostics: diagnostics)
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
