extension EvaluationContext {
  /// Whether `other` has the same values in every field Firebase's app fetch sends: custom
  /// signals, app version and build, country, language, user properties and first open
  /// time (`TemplateSource.requestDiffers`'s default). The randomization id and `now` are the
  /// client's own and stay out.
  func hasSameServerEvaluatedFields(as other: EvaluationContext) -> Bool {
    customSignals == other.customSignals && appVersion == other.appVersion
      && appBuild == other.appBuild && country == other.country && language == other.language
      && userProperties == other.userProperties && firstOpenTime == other.firstOpenTime
  }
}
