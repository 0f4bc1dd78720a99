extension EvaluationContext {
  /// Whether `other` has the same values in every field a source whose server evaluates the
  /// template sends (`FirebaseAppTemplateSource`'s fetch body): custom signals, app version
  /// and build, country, language, user properties and first open time. The randomization id
  /// and `now` are the client's own and stay out.
  func hasSameServerEvaluatedFields(as other: EvaluationContext) -> Bool {
    customSignals == other.customSignals && appVersion == other.appVersion
      && appBuild == other.appBuild && country == other.country && language == other.language
      && userProperties == other.userProperties && firstOpenTime == other.firstOpenTime
  }
}
