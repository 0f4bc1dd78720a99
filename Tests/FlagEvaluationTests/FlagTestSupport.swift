import ConfigEngine
import Core
import FlagEvaluation
import SwitchyardTestSupport

/// The contexts and evaluators the suites share.
enum FlagTestSupport {
  static let ios = FlagContext(targetingKey: "u1", attributes: ["platform": "ios"])
  static let android = FlagContext(targetingKey: "u1", attributes: ["platform": "android"])
  static let web = FlagContext(targetingKey: "u1", attributes: ["platform": "web"])

  /// An evaluator of the shared fixture with its defaults (or `defaults`), on the test clock.
  static func evaluator(
    defaults: InAppDefaults = FlagFixtures.defaults, hooks: [any FlagHook] = []
  ) throws -> FlagEvaluator {
    FlagEvaluator(
      source: TemplateFlagSource(
        template: try FlagFixtures.template(), defaults: defaults,
        timeSource: ManualTimeSource(now: TestTime.start)),
      hooks: hooks)
  }

  /// An evaluator of a template built in code (one not validated, as a server may hold).
  static func evaluator(_ parameters: [TemplateParameter]) -> FlagEvaluator {
    FlagEvaluator(
      source: TemplateFlagSource(
        template: CompiledTemplate(Template(parameters: parameters)),
        timeSource: ManualTimeSource(now: TestTime.start)))
  }

  /// `key` evaluated as the type of `asked`, which is the caller's default, with the value
  /// given as a `FlagValue` so rows of every type compare alike.
  static func details(
    _ evaluator: FlagEvaluator, _ key: String, asking asked: FlagValue, _ context: FlagContext?
  ) -> FlagEvaluationDetails<FlagValue> {
    switch asked {
    case .boolean(let value):
      erased(evaluator.booleanDetails(key, default: value, context: context), FlagValue.boolean)
    case .string(let value):
      erased(evaluator.stringDetails(key, default: value, context: context), FlagValue.string)
    case .integer(let value):
      erased(evaluator.integerDetails(key, default: value, context: context), FlagValue.integer)
    case .double(let value):
      erased(evaluator.doubleDetails(key, default: value, context: context), FlagValue.double)
    case .object(let value):
      erased(evaluator.objectDetails(key, default: value, context: context), FlagValue.object)
    }
  }

  static func erased<Value>(
    _ details: FlagEvaluationDetails<Value>, _ wrap: (Value) -> FlagValue
  ) -> FlagEvaluationDetails<FlagValue> {
    FlagEvaluationDetails(
      flagKey: details.flagKey, value: wrap(details.value), variant: details.variant,
      reason: details.reason, errorCode: details.errorCode, errorMessage: details.errorMessage,
      flagMetadata: details.flagMetadata)
  }
}
