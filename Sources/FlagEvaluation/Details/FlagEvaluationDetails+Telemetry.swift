extension FlagEvaluationDetails {
  /// OpenTelemetry's feature-flag attributes for this evaluation, as OpenFeature's appendix D
  /// maps them: `feature_flag.key`, `feature_flag.provider.name` (`switchyard`),
  /// `feature_flag.result.variant` and `feature_flag.result.reason` (lower-case snake case, as
  /// OpenTelemetry spells its enumerations: `targeting_match`), `feature_flag.version` (the
  /// template's version), `feature_flag.context.id` (the targeting key, when given), and for
  /// a failed evaluation `error.type` (`flag_not_found`) and `error.message`. The value is
  /// left out: it may be large or private; add it yourself where it is neither.
  /// - Parameter contextID: the evaluation's targeting key (the randomization id).
  public func telemetryAttributes(contextID: String?) -> [String: String] {
    var attributes = [
      "feature_flag.key": flagKey,
      "feature_flag.provider.name": FlagEvaluator.providerName,
      "feature_flag.result.reason": reason.rawValue.lowercased(),
    ]
    attributes["feature_flag.result.variant"] = variant
    attributes["feature_flag.version"] = flagMetadata[FlagMetadataKey.version]?.stringValue
    attributes["feature_flag.context.id"] = contextID
    if let errorCode {
      attributes["error.type"] = errorCode.rawValue.lowercased()
      attributes["error.message"] = errorMessage
    }
    return attributes
  }
}
