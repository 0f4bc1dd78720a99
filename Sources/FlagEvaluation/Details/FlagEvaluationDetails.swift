/// The outcome of evaluating one flag, with OpenFeature's fields: the value (the caller's
/// default when the evaluation failed or nothing gives one), the variant, the reason, an
/// error code and message when it failed, and the flag's metadata.
///
/// Variants name where the value came from: the winning condition's name, `default` for the
/// parameter's default value, `inAppDefault` for the in-app default (or none); nil when the
/// evaluation failed.
public struct FlagEvaluationDetails<Value: Sendable & Equatable>: Sendable, Equatable {
  /// The key asked for.
  public let flagKey: String
  /// The value.
  public let value: Value
  /// Where the value came from: a condition's name, `default` or `inAppDefault`; nil on error.
  public let variant: String?
  /// Why the flag has this value.
  public let reason: FlagReason
  /// Why the evaluation failed; nil when it did not.
  public let errorCode: FlagErrorCode?
  /// What went wrong, for a person; nil when nothing did.
  public let errorMessage: String?
  /// The template's version, the deciding condition, Firebase's source and the value type,
  /// under `FlagMetadataKey`'s names, each when it applies.
  public let flagMetadata: [String: FlagMetadataValue]

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(
    flagKey: String, value: Value, variant: String?, reason: FlagReason,
    errorCode: FlagErrorCode? = nil, errorMessage: String? = nil,
    flagMetadata: [String: FlagMetadataValue] = [:]
  ) {
    self.flagKey = flagKey
    self.value = value
    self.variant = variant
    self.reason = reason
    self.errorCode = errorCode
    self.errorMessage = errorMessage
    self.flagMetadata = flagMetadata
  }

  /// The error, when the evaluation failed.
  public var error: FlagEvaluationError? {
    errorCode.map { FlagEvaluationError($0, errorMessage ?? "") }
  }

  /// The same details with the value transformed (for hooks, which see every type as one).
  func mapValue<Other>(_ transform: (Value) -> Other) -> FlagEvaluationDetails<Other> {
    FlagEvaluationDetails<Other>(
      flagKey: flagKey, value: transform(value), variant: variant, reason: reason,
      errorCode: errorCode, errorMessage: errorMessage, flagMetadata: flagMetadata)
  }

  /// Details of a failed evaluation: `value` is the caller's default.
  static func failed(
    _ key: String, default value: Value, _ error: FlagEvaluationError,
    metadata: [String: FlagMetadataValue] = [:]
  ) -> Self {
    Self(
      flagKey: key, value: value, variant: nil, reason: .error, errorCode: error.code,
      errorMessage: error.message, flagMetadata: metadata)
  }
}
