public import ConfigEngine
public import Foundation

/// What flags are evaluated against at one moment: the template (or none), the in-app
/// defaults, whether the source knows them to be out of date, the time, and the source's own
/// context for evaluations that give none. An immutable value: a reload builds another.
public struct FlagConfiguration: Sendable {
  /// The template; nil when only the in-app defaults are known.
  public var template: CompiledTemplate?
  /// The in-app defaults.
  public var defaults: InAppDefaults
  /// Whether the values may be out of date (a client marked stale): every reason that is
  /// not an error becomes `STALE`.
  public var isStale: Bool
  /// The evaluation time for `dateTime` conditions, unless a context gives its own.
  public var now: Date
  /// The context an evaluation that gives none evaluates for: a client's own.
  public var context: EvaluationContext
  /// The values for `context` when the source already holds them (a client's snapshot), so
  /// an evaluation without a context evaluates nothing; nil: evaluate when asked.
  public var values: EvaluatedConfig?

  /// A configuration; without `context` an evaluation that gives none evaluates the empty
  /// context.
  public init(
    template: CompiledTemplate?, defaults: InAppDefaults = InAppDefaults(),
    isStale: Bool = false, now: Date, context: EvaluationContext = EvaluationContext(),
    values: EvaluatedConfig? = nil
  ) {
    self.template = template
    self.defaults = defaults
    self.isStale = isStale
    self.now = now
    self.context = context
    self.values = values
  }

  /// The values for `context`, or for the configuration's own context when it is nil.
  func values(for context: EvaluationContext?) -> EvaluatedConfig {
    if context == nil, let values { return values }
    let context = context ?? self.context
    guard let template else { return EvaluatedConfig(defaultsAlone: defaults) }
    return template.evaluate(context, defaults: defaults, now: now)
  }
}
