import Core
import Foundation

/// The client's active config at one moment: the active template evaluated with the
/// client's context and in-app defaults. An immutable value: whoever holds one keeps reading
/// one consistent config while the client activates another, and reading it takes no lock.
public struct ConfigSnapshot: ConfigValues {
  /// The evaluated values, every template key and every in-app default key.
  public let values: EvaluatedConfig
  /// The active template, or nil when nothing was activated yet (defaults only).
  public let template: CompiledTemplate?
  /// When the template was activated; nil when there is none.
  public let activatedAt: Date?
  /// The context the values were evaluated with.
  public let context: EvaluationContext
  /// The in-app defaults the values were evaluated with.
  public let defaults: InAppDefaults
  /// The time `dateTime` conditions were evaluated at (unless `context.now` overrides it).
  public let evaluatedAt: Date

  /// Evaluates `template` (or, when nil, only the defaults) into a snapshot.
  public init(
    template: CompiledTemplate?, activatedAt: Date?, context: EvaluationContext,
    defaults: InAppDefaults, now: Date
  ) {
    self.template = template
    self.activatedAt = activatedAt
    self.context = context
    self.defaults = defaults
    self.evaluatedAt = now
    self.values = (template ?? Self.emptyTemplate).evaluate(context, defaults: defaults, now: now)
  }

  /// A snapshot of nothing but `defaults`.
  public init(defaults: InAppDefaults = InAppDefaults(), now: Date) {
    self.init(
      template: nil, activatedAt: nil, context: EvaluationContext(), defaults: defaults, now: now)
  }

  /// The active template's `version.versionNumber`, when there is a template with one.
  public var versionNumber: Int? { template?.versionNumber }

  /// The value for `key`: the template's choice, the in-app default, or nil.
  public func configValue(forKey key: String) -> ConfigValue? {
    values.configValue(forKey: key)
  }

  /// Every key with a value, sorted.
  public var keys: [String] { values.keys }

  /// Evaluates this snapshot's template and defaults for another context, e.g. one server
  /// request's user. Pure and lock-free; the snapshot itself is unchanged.
  public func values(for context: EvaluationContext, now: Date) -> EvaluatedConfig {
    (template ?? Self.emptyTemplate).evaluate(context, defaults: defaults, now: now)
  }

  /// A template without parameters, so a defaults-only snapshot evaluates like any other.
  static let emptyTemplate = CompiledTemplate(Template())
}
