/// What a hook knows of the evaluation it observes (OpenFeature's hook context), and the data
/// it keeps from one stage to the next. Each hook has its own for each evaluation.
public struct FlagHookContext: Sendable {
  /// The key being evaluated.
  public let flagKey: String
  /// The type asked; nil for an evaluation that asks none (the OFREP responder's, which
  /// answers the flag's own type).
  public let valueType: FlagValueType?
  /// The caller's default; nil when there is none (the OFREP responder's evaluations).
  public let defaultValue: FlagValue?
  /// The evaluation context; nil for the source's own. A `before` stage may change it: the
  /// hooks after it and the evaluation see the change. Changes in later stages are ignored.
  public var context: FlagContext?
  /// The hook's own data, kept from its `before` stage to its `finally` stage of one
  /// evaluation (a span, a start time).
  public var data: [String: any Sendable] = [:]

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(
    flagKey: String, valueType: FlagValueType?, defaultValue: FlagValue?, context: FlagContext?
  ) {
    self.flagKey = flagKey
    self.valueType = valueType
    self.defaultValue = defaultValue
    self.context = context
  }
}
