package import ConfigEngine
import Core

/// One flag's outcome for one evaluation before a type is asked: the value in its own type,
/// the reason, the variant and the metadata, or why it failed. What the typed details and the
/// OFREP responder are both made from, so they answer alike.
package struct FlagResolution: Sendable, Equatable {
  /// The value, or why there is none.
  package enum Outcome: Sendable, Equatable {
    /// The flag's value; nil when the template leaves it to an in-app default there is none
    /// of, or its `JSON` value is `null`, so the caller's own default applies (OFREP's code
    /// default, ADR 0006).
    case value(FlagValue?, reason: FlagReason, variant: String)
    /// The evaluation failed.
    case failure(FlagEvaluationError)
  }

  /// The key.
  package let key: String
  /// The value, or the failure.
  package let outcome: Outcome
  /// The flag metadata (`FlagMetadataKey`).
  package let metadata: [String: FlagMetadataValue]

  package init(key: String, outcome: Outcome, metadata: [String: FlagMetadataValue] = [:]) {
    self.key = key
    self.outcome = outcome
    self.metadata = metadata
  }

  /// The variant of a value the template's default value gave.
  package static let defaultVariant = "default"
  /// The variant of a value the template leaves to the in-app defaults.
  package static let inAppDefaultVariant = "inAppDefault"

  /// `key` as `values` has it, by the mapping README's table gives:
  ///
  /// | Firebase outcome | reason | variant |
  /// | --- | --- | --- |
  /// | a conditional value, its condition without a percent test | `TARGETING_MATCH` | the condition |
  /// | a conditional value, its condition with a percent test | `SPLIT` | the condition |
  /// | the default value, the parameter having conditional values | `DEFAULT` | `default` |
  /// | the default value, the parameter having none | `STATIC` | `default` |
  /// | `useInAppDefault`, no value, or a key of the in-app defaults only | `DEFAULT` | `inAppDefault` |
  /// | a key in neither | error `FLAG_NOT_FOUND` | none |
  ///
  /// With `isStale`, every reason above becomes `STALE`. The value's type is the parameter's
  /// `valueType`, else the in-app default's, else a string (`FlagValue.reading`). A `JSON`
  /// value of `null` is no value: the caller's default, with the row's reason and variant.
  package init(key: String, values: EvaluatedConfig, isStale: Bool) {
    let decision = values.decision(forKey: key)
    var metadata: [String: FlagMetadataValue] = [:]
    if let version = values.versionNumber {
      metadata[FlagMetadataKey.version] = .string(String(version))
    }
    guard let value = decision.value else {
      self.init(
        key: key,
        outcome: .failure(
          FlagEvaluationError(
            .flagNotFound,
            "flag \(Excerpt.quoted(key)) is in neither the template nor the in-app defaults")),
        metadata: metadata)
      return
    }
    metadata[FlagMetadataKey.source] = .string(value.source.rawValue)
    let type = decision.valueType ?? values.defaults.valueType(forKey: key)
    if let type { metadata[FlagMetadataKey.valueType] = .string(type.rawValue) }
    var reason: FlagReason
    let variant: String
    switch decision.choice {
    case .conditionalValue(let condition, let isPercent):
      (reason, variant) = (isPercent ? .split : .targetingMatch, condition)
      metadata[FlagMetadataKey.condition] = .string(condition)
    case .defaultValue(let hasConditionalValues):
      (reason, variant) = (hasConditionalValues ? .default : .static, Self.defaultVariant)
    case .inAppDefault(let condition):
      (reason, variant) = (.default, Self.inAppDefaultVariant)
      if let condition { metadata[FlagMetadataKey.condition] = .string(condition) }
    case .notInTemplate:
      (reason, variant) = (.default, Self.inAppDefaultVariant)
    }
    if isStale { reason = .stale }
    // The template left the value to an in-app default there is none of: no value at all.
    guard value.source != .static else {
      self.init(
        key: key, outcome: .value(nil, reason: reason, variant: variant), metadata: metadata)
      return
    }
    do {
      let typed = try FlagValue.reading(value, as: type, key: key)
      // A JSON parameter holding `null` has no value to give either: OFREP has no null flag
      // value and clients refuse one, so the caller's default answers, as above.
      self.init(
        key: key,
        outcome: .value(typed == .object(.null) ? nil : typed, reason: reason, variant: variant),
        metadata: metadata)
    } catch {
      self.init(key: key, outcome: .failure(error), metadata: metadata)
    }
  }

  /// The details of this outcome asked as `type`: the value when it reads as one (`read`),
  /// the caller's `default` when there is none, an error otherwise.
  func details<Value>(
    asking type: FlagValueType, default defaultValue: Value, read: (FlagValue) -> Value?
  ) -> FlagEvaluationDetails<Value> {
    switch outcome {
    case .failure(let error):
      return .failed(key, default: defaultValue, error, metadata: metadata)
    case .value(nil, let reason, let variant):
      return FlagEvaluationDetails(
        flagKey: key, value: defaultValue, variant: variant, reason: reason,
        flagMetadata: metadata)
    case .value(let value?, let reason, let variant):
      guard let typed = read(value) else {
        return .failed(
          key, default: defaultValue,
          FlagEvaluationError(
            .typeMismatch,
            "flag \(Excerpt.quoted(key)) is \(Self.article(value.type)), not \(Self.article(type))"),
          metadata: metadata)
      }
      return FlagEvaluationDetails(
        flagKey: key, value: typed, variant: variant, reason: reason, flagMetadata: metadata)
    }
  }

  /// The details with the flag's own value (nil: none), for hooks and untyped evaluation.
  var untypedDetails: FlagEvaluationDetails<FlagValue?> {
    switch outcome {
    case .failure(let error):
      .failed(key, default: nil, error, metadata: metadata)
    case .value(let value, let reason, let variant):
      FlagEvaluationDetails(
        flagKey: key, value: value, variant: variant, reason: reason, flagMetadata: metadata)
    }
  }

  private static func article(_ type: FlagValueType) -> String {
    type == .integer || type == .object ? "an \(type)" : "a \(type)"
  }
}
