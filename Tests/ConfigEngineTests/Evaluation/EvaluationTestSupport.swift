import ConfigEngine
import Core
import SwitchyardTestSupport

/// Builds small templates from conditions and evaluates them, so each test states only the
/// rule it checks.
enum EvaluationTestSupport {
  /// A template whose one parameter `p` is "yes" under `condition` and "no" otherwise.
  static func template(_ condition: Condition) -> CompiledTemplate {
    CompiledTemplate(
      Template(
        conditions: [NamedCondition(name: "c", condition: condition)],
        parameters: [
          TemplateParameter(
            key: "p", defaultValue: .value("no"),
            conditionalValues: [ConditionalValue(conditionName: "c", value: .value("yes"))])
        ]))
  }

  /// Whether `condition` is true for `context`, through a one-parameter template.
  static func isTrue(_ condition: Condition, _ context: EvaluationContext) -> Bool {
    template(condition).evaluate(context, now: TestTime.start)["p"].rawValue == "yes"
  }

  /// The explanation of why `condition` is true or false for `context`.
  static func why(_ condition: Condition, _ context: EvaluationContext) -> String {
    template(condition).explain(key: "p", context, now: TestTime.start).reasons.first?.message ?? ""
  }

  /// A custom-signal condition.
  static func signal(_ key: String, _ test: SignalTest) -> Condition {
    .signal(SignalCondition(.customSignal(key), test))
  }

  /// A context with only custom signals.
  static func signals(_ signals: [String: CustomSignalValue]) -> EvaluationContext {
    EvaluationContext(customSignals: signals)
  }
}
