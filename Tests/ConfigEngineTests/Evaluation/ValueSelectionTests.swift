import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("Value choice per parameter")
struct ValueSelectionTests {
  let now = TestTime.start

  private func template(conditions: [(String, Bool)], parameter: TemplateParameter)
    -> CompiledTemplate
  {
    CompiledTemplate(
      Template(
        conditions: conditions.map { NamedCondition(name: $0.0, condition: .constant($0.1)) },
        parameters: [parameter]))
  }

  @Test("the first true condition IN TEMPLATE ORDER wins, whatever the order of conditional values")
  func templateOrderWins() {
    let parameter = TemplateParameter(
      key: "p", defaultValue: .value("default"),
      conditionalValues: [
        ConditionalValue(conditionName: "second", value: .value("from second")),
        ConditionalValue(conditionName: "first", value: .value("from first")),
      ])
    let both = template(conditions: [("first", true), ("second", true)], parameter: parameter)
    #expect(both.evaluate(EvaluationContext(), now: now)["p"].rawValue == "from first")
    let onlySecond = template(
      conditions: [("first", false), ("second", true)], parameter: parameter)
    #expect(onlySecond.evaluate(EvaluationContext(), now: now)["p"].rawValue == "from second")
    let swapped = template(conditions: [("second", true), ("first", true)], parameter: parameter)
    #expect(swapped.evaluate(EvaluationContext(), now: now)["p"].rawValue == "from second")
  }

  @Test(
    "the order rule holds across templates with more than 64 conditions",
    arguments: [
      ([70, 140], "from 70"), ([140], "from 140"), ([], "default"), ([5, 140], "from 5"),
      ([63, 64], "from 64"), ([63], "default"), ([127, 128, 129], "default"),
    ])
  func manyConditions(trueConditions: [Int], expected: String) {
    let referenced = [5, 64, 70, 140]
    let parameter = TemplateParameter(
      key: "p", defaultValue: .value("default"),
      // Document order differs from template order on purpose.
      conditionalValues: referenced.reversed().map {
        ConditionalValue(conditionName: "c\($0)", value: .value("from \($0)"))
      })
    let compiled = template(
      conditions: (0..<150).map { ("c\($0)", trueConditions.contains($0)) }, parameter: parameter)
    #expect(compiled.evaluate(EvaluationContext(), now: now)["p"].rawValue == expected)
  }

  @Test(
    "among many conditional values the first true condition's own value is chosen",
    arguments: [0, 1, 2, 17, 38, 39, 40, 98])
  func manyValues(firstTrue: Int) {
    // Values for every other condition of 100, listed in reverse: condition c<i> gives v<i>.
    let parameter = TemplateParameter(
      key: "p", defaultValue: .value("default"),
      conditionalValues: stride(from: 98, through: 0, by: -2).map {
        ConditionalValue(conditionName: "c\($0)", value: .value("v\($0)"))
      })
    let compiled = template(
      conditions: (0..<100).map { ("c\($0)", $0 >= firstTrue) }, parameter: parameter)
    let expected = "v\(firstTrue.isMultiple(of: 2) ? firstTrue : firstTrue + 1)"
    #expect(compiled.evaluate(EvaluationContext(), now: now)["p"].rawValue == expected)
  }

  @Test("a true condition without a value for this parameter does not stop the search")
  func conditionsWithoutValuesAreSkipped() {
    let parameter = TemplateParameter(
      key: "p", defaultValue: .value("default"),
      conditionalValues: [ConditionalValue(conditionName: "later", value: .value("later"))])
    let compiled = template(conditions: [("earlier", true), ("later", true)], parameter: parameter)
    #expect(compiled.evaluate(EvaluationContext(), now: now)["p"].rawValue == "later")
  }

  @Test(
    "useInAppDefault and absent defaults fall back to the in-app default, else an empty static value",
    arguments: [
      // (winning conditional value, parameter default, in-app default, expected value, source)
      (
        ParameterValue?.some(.useInAppDefault), ParameterValue?.some(.value("d")), "app", "app",
        ConfigValueSource.default
      ),
      (.some(.useInAppDefault), .some(.value("d")), nil, "", .static),
      (.some(.value("c")), .some(.useInAppDefault), "app", "c", .remote),
      (nil, .some(.value("d")), "app", "d", .remote),
      (nil, .some(.useInAppDefault), "app", "app", .default),
      (nil, .some(.useInAppDefault), nil, "", .static),
      (nil, nil, "app", "app", .default),
      (nil, nil, nil, "", .static),
      (nil, .some(.unsupported(kind: "rolloutValue")), "app", "app", .default),
    ] as [(ParameterValue?, ParameterValue?, String?, String, ConfigValueSource)])
  func fallbacks(
    conditional: ParameterValue?, parameterDefault: ParameterValue?, inApp: String?,
    expected: String, source: ConfigValueSource
  ) {
    let parameter = TemplateParameter(
      key: "p", defaultValue: parameterDefault,
      conditionalValues: conditional.map { [ConditionalValue(conditionName: "c", value: $0)] } ?? []
    )
    let compiled = template(conditions: [("c", true)], parameter: parameter)
    let defaults = InAppDefaults(inApp.map { ["p": $0] } ?? [:])
    let value = compiled.evaluate(EvaluationContext(), defaults: defaults, now: now)["p"]
    #expect(value == ConfigValue(key: "p", rawValue: expected, source: source))
  }

  @Test("keys only in the in-app defaults are listed with source default; unknown keys are static")
  func keysAcrossSources() {
    let compiled = template(
      conditions: [], parameter: TemplateParameter(key: "t", defaultValue: .value("1")))
    let values = compiled.evaluate(
      EvaluationContext(), defaults: InAppDefaults(["d": "2"]), now: now)
    #expect(values.keys == ["d", "t"])
    #expect(values["d"] == ConfigValue(key: "d", rawValue: "2", source: .default))
    #expect(values.configValue(forKey: "nowhere") == nil)
    #expect(values["nowhere"] == ConfigValue(key: "nowhere", rawValue: "", source: .static))
  }

  @Test("conditional values that name undefined conditions are ignored")
  func undefinedConditions() {
    let parameter = TemplateParameter(
      key: "p", defaultValue: .value("default"),
      conditionalValues: [ConditionalValue(conditionName: "ghost", value: .value("ghost"))])
    let compiled = template(conditions: [], parameter: parameter)
    #expect(compiled.evaluate(EvaluationContext(), now: now)["p"].rawValue == "default")
  }

  @Test("explanations name false conditions with the reason, the winner, and the value's origin")
  func explanations() {
    let parameter = TemplateParameter(
      key: "p", defaultValue: .value("default"),
      conditionalValues: [
        ConditionalValue(conditionName: "graders", value: .value("g")),
        ConditionalValue(conditionName: "everyone", value: .useInAppDefault),
      ])
    let compiled = CompiledTemplate(
      Template(
        conditions: [
          NamedCondition(
            name: "graders",
            condition: EvaluationTestSupport.signal("grade", .numeric(.greaterOrEqual, ["2"]))),
          NamedCondition(name: "everyone", condition: .constant(true)),
        ], parameters: [parameter]))
    let explained = compiled.explain(
      key: "p", EvaluationContext(), defaults: InAppDefaults(["p": "app"]), now: now)
    #expect(explained.value == ConfigValue(key: "p", rawValue: "app", source: .default))
    #expect(
      explained.reasons.map(\.message) == [
        "condition 'graders' is false: customSignal 'grade' missing",
        "condition 'everyone' is true: true",
        "condition 'everyone' says useInAppDefault; the in-app default applies",
      ])
    #expect(
      compiled.explain(key: "other", EvaluationContext(), now: now).reasons.map(\.message)
        == ["'other' is defined nowhere; its value is empty (static)"])
  }
}
