@testable import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing
@testable import switchyard

@Suite("EvaluatedConfigJSON")
struct EvaluatedConfigJSONTests {
  @Test("evaluate's line of spellings made once is the generic writer's, context after context")
  func matchesTheGenericWriter() throws {
    let template = CompiledTemplate(
      try Template(
        json: """
          {"conditions": [
             {"name": "paid", "expression": "app.customSignal['tier'].exactlyMatches(['paid'])"},
             {"name": "half", "expression": "percent('s') <= 50"}],
           "parameters": {
             "a": {"defaultValue": {"value": "x\\"y"}, "conditionalValues": {
               "paid": {"value": "日本\\n"}, "half": {"useInAppDefault": true}}},
             "b": {"defaultValue": {"useInAppDefault": true}},
             "c": {"defaultValue": {"useInAppDefault": true}, "conditionalValues": {
               "half": {"value": ""}}}}}
          """))
    let defaults = InAppDefaults(["a": "in-app a", "c": "\u{7F}", "z": "only a default"])
    for explained in [false, true] {
      let json = EvaluatedConfigJSON(template: template, defaults: defaults, explained: explained)
      #expect(json.keys == ["a", "b", "c", "z"])
      for index in 0..<64 {
        let context = EvaluationContext(
          randomizationID: "user-\(index)",
          customSignals: index.isMultiple(of: 3) ? ["tier": .string("paid")] : [:])
        let values = template.evaluate(context, defaults: defaults, now: TestTime.start)
        let reasons =
          explained
          ? template.explain(keys: json.keys, context, defaults: defaults, now: TestTime.start).map(
            \.reasons) : nil
        var writer = JSONTextWriter()
        json.write(values, reasons: reasons, into: &writer)
        #expect(writer.text == ConfigValuesJSONTests.tree(values, reasons: reasons).jsonText)
      }
    }
  }
}
