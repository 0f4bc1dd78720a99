/// An evaluation context in OpenFeature's terms: a targeting key and attributes.
///
/// It becomes an `EvaluationContext` by one rule (`evaluationContext()`): the targeting key is
/// the randomization id percent conditions hash; an attribute named as a field of the tool's
/// context JSON (`appId`, `appVersion`, `appBuild`, `platform`, `country`, `language`,
/// `installationId`, `firstOpen`, `now`, `userProperties`, `audiences`, `customSignals`,
/// `randomizationId`) sets that field; every other attribute is a custom signal.
public struct FlagContext: Sendable, Hashable {
  /// The subject's id: the randomization id.
  public var targetingKey: String?
  /// The attributes by name.
  public var attributes: [String: FlagContextValue]

  /// Creates a context; both parts default to empty.
  public init(targetingKey: String? = nil, attributes: [String: FlagContextValue] = [:]) {
    self.targetingKey = targetingKey
    self.attributes = attributes
  }
}
