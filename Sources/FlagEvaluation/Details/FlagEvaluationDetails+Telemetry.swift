import Core

extension FlagEvaluationDetails {
  /// OpenTelemetry's feature-flag attributes for this evaluation, as OpenFeature's appendix D
  /// maps them: `feature_flag.key`, `feature_flag.provider.name` (`switchyard`),
  /// `feature_flag.result.variant` and `feature_flag.result.reason` (lower-case snake case, as
  /// OpenTelemetry spells its enumerations: `targeting_match`), `feature_flag.version` (the
  /// template's version), `feature_flag.context.id` (the targeting key, when given), and for
  /// a failed evaluation `error.type` (`flag_not_found`), `error.message` and
  /// `feature_flag.result.value`, the caller's default it answered (appendix D requires the
  /// value where there is no variant; a JSON value as its text). Where there is a variant the
  /// value is left out: it names the value, and the value itself may be large or private.
  /// - Parameter contextID: the evaluation's targeting key (the randomization id).
  public func telemetryAttributes(contextID: String?) -> [String: String] {
    var attributes = [
      "feature_flag.key": flagKey,
      "feature_flag.provider.name": FlagEvaluator.providerName,
      "feature_flag.result.reason": reason.rawValue.lowercased(),
    ]
    attributes["feature_flag.result.variant"] = variant
    if variant == nil { attributes["feature_flag.result.value"] = Self.telemetryText(value) }
    attributes["feature_flag.version"] = flagMetadata[FlagMetadataKey.version]?.stringValue
    attributes["feature_flag.context.id"] = contextID
    if let errorCode {
      attributes["error.type"] = errorCode.rawValue.lowercased()
      attributes["error.message"] = errorMessage
    }
    return attributes
  }

  /// A value of one of OpenFeature's types as an attribute's text: a string as it is, a
  /// Boolean or a number as JSON writes it, a structure as its JSON; nil for no value (the
  /// untyped details' code default).
  private static func telemetryText(_ value: Any) -> String? {
    switch value {
    case let flag as FlagValue: telemetryText(flag.payload)
    case let text as String: text
    case let flag as Bool: flag ? "true" : "false"
    case let number as Int64: String(number)
    case let number as Double: number.description
    case let json as JSONValue: json.jsonText
    default: nil
    }
  }
}

extension FlagValue {
  /// The Swift value the case holds.
  fileprivate var payload: Any {
    switch self {
    case .boolean(let flag): flag
    case .string(let text): text
    case .integer(let number): number
    case .double(let number): number
    case .object(let json): json
    }
  }
}
