public import ConfigEngine
public import Core
public import Foundation

/// The client's active config at one moment: the active template evaluated with the
/// client's context and in-app defaults. An immutable value: whoever holds one keeps reading
/// one consistent config while the client activates another, and reading it takes no lock.
public struct ConfigSnapshot: ConfigValues {
  /// Everything behind one reference: taking the snapshot out of the client's lock copies
  /// one pointer, so concurrent readers hold the lock for a few instructions.
  private final class Storage: Sendable {
    let values: EvaluatedConfig
    let template: CompiledTemplate?
    let activatedAt: Date?
    let context: EvaluationContext
    let defaults: InAppDefaults
    let evaluatedAt: Date

    init(
      values: EvaluatedConfig, template: CompiledTemplate?, activatedAt: Date?,
      context: EvaluationContext, defaults: InAppDefaults, evaluatedAt: Date
    ) {
      self.values = values
      self.template = template
      self.activatedAt = activatedAt
      self.context = context
      self.defaults = defaults
      self.evaluatedAt = evaluatedAt
    }
  }

  private let storage: Storage

  /// The evaluated values, every template key and every in-app default key.
  public var values: EvaluatedConfig { storage.values }
  /// The active template, or nil when nothing was activated yet (defaults only).
  public var template: CompiledTemplate? { storage.template }
  /// When the template was activated; nil when there is none.
  public var activatedAt: Date? { storage.activatedAt }
  /// The context the values were evaluated with.
  public var context: EvaluationContext { storage.context }
  /// The in-app defaults the values were evaluated with.
  public var defaults: InAppDefaults { storage.defaults }
  /// The time `dateTime` conditions were evaluated at (unless `context.now` overrides it).
  public var evaluatedAt: Date { storage.evaluatedAt }

  /// Evaluates `template` (or, when nil, only the defaults) into a snapshot.
  public init(
    template: CompiledTemplate?, activatedAt: Date?, context: EvaluationContext,
    defaults: InAppDefaults, now: Date
  ) {
    let values = Self.evaluate(template, context, defaults, now)
    storage = Storage(
      values: values, template: template, activatedAt: activatedAt, context: context,
      defaults: defaults, evaluatedAt: now)
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
    storage.values.configValue(forKey: key)
  }

  /// Every key with a value, sorted.
  public var keys: [String] { storage.values.keys }

  /// Evaluates this snapshot's template and defaults for another context, e.g. one server
  /// request's user. Pure and lock-free; the snapshot itself is unchanged.
  public func values(for context: EvaluationContext, now: Date) -> EvaluatedConfig {
    Self.evaluate(template, context, defaults, now)
  }

  /// Evaluates `template`, or for none the defaults alone. A template without parameters
  /// chooses nothing, so the defaults-only values are built directly: evaluating one shared
  /// empty template from many threads would have them all write the count of the same
  /// empty array (harmless, but a data race to the thread sanitizer).
  private static func evaluate(
    _ template: CompiledTemplate?, _ context: EvaluationContext, _ defaults: InAppDefaults,
    _ now: Date
  ) -> EvaluatedConfig {
    guard let template else {
      return EvaluatedConfig(defaultsAlone: defaults)
    }
    return template.evaluate(context, defaults: defaults, now: now)
  }
}
