import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

/// Firebase's evaluators answer false for whatever they reach at nesting level 10 or deeper,
/// each orCondition and andCondition adding 2: `validate` says so instead of staying silent.
extension TemplateValidatorTests {
  /// `true` inside `layers` alternating orCondition/andCondition nodes, the outermost an
  /// orCondition, as JSON.
  static func nested(_ layers: Int, leaf: String = #"{"true": {}}"#) -> String {
    var node = leaf
    for layer in (0..<layers).reversed() {
      let kind = layer.isMultiple(of: 2) ? "orCondition" : "andCondition"
      node = #"{""# + kind + #"": {"conditions": ["# + node + "]}}"
    }
    return node
  }

  static func nestingTemplate(_ tree: String) -> String {
    """
    {"conditions": [{"name": "deep", "condition": \(tree)}],
     "parameters": {"p": {"defaultValue": {"value": "no"},
       "conditionalValues": {"deep": {"value": "yes"}}}}}
    """
  }

  static let fiveLayerPath =
    "condition.orCondition.conditions[0].andCondition.conditions[0].orCondition.conditions[0]"
    + ".andCondition.conditions[0].orCondition.conditions[0]"

  @Test(
    "a condition nested past Firebase's limit is a warning naming the first node cut off",
    arguments: [
      (5, fiveLayerPath), (6, fiveLayerPath), (4, nil),
    ] as [(Int, String?)])
  func nestingLimit(layers: Int, path: String?) throws {
    let text = Self.nestingTemplate(Self.nested(layers))
    let warnings = TemplateValidator().validate(utf8: Array(text.utf8))
    let expected = path.map {
      TemplateProblem(
        .warning, at: "condition 'deep'",
        "nested past Firebase's limit of 10 levels (each orCondition and andCondition adds 2):"
          + " \($0) and everything under it is always false")
    }
    #expect(warnings == (expected.map { [$0] } ?? []))
    let value = CompiledTemplate(try Template(json: text)).evaluate(
      EvaluationContext(), now: TestTime.start)
    #expect(value["p"].rawValue == (path == nil ? "yes" : "no"))
  }

  @Test("the warning names the deep branch even when a shallow sibling comes first")
  func deepSibling() throws {
    let tree = #"{"orCondition": {"conditions": [{"false": {}}, "# + Self.nested(4) + "]}}"
    let problems = TemplateValidator().validate(utf8: Array(Self.nestingTemplate(tree).utf8))
    #expect(
      problems.map(\.message).first?.contains(
        "condition.orCondition.conditions[1].orCondition.conditions[0].andCondition.conditions[0]"
          + ".orCondition.conditions[0].andCondition.conditions[0] and everything") == true,
      "\(problems)")
  }
}
