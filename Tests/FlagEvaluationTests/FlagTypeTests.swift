import ConfigEngine
import Core
import FlagEvaluation
import SwitchyardTestSupport
import Testing

@Suite("Types: each flag asked as each type")
struct FlagTypeTests {
  static let settings: JSONValue = ["colors": ["red", "blue"], "size": 2.50]
  static let list: JSONValue = ["red", ["size": 2]]

  /// (key, asked as, expected value; nil: TYPE_MISMATCH with the caller's default)
  static let cases: [(String, FlagValue, FlagValue?)] = [
    ("enabled", .boolean(true), .boolean(false)),
    ("enabled", .string("?"), nil),
    ("enabled", .integer(1), nil),
    ("limit", .integer(0), .integer(10)),
    ("limit", .double(0), .double(10)),
    ("limit", .string("?"), nil),
    ("limit", .boolean(true), nil),
    ("ratio", .double(0), .double(0.5)),
    ("ratio", .integer(0), nil),
    ("one_point_zero", .integer(0), .integer(1)),
    ("one_point_zero", .double(0), .double(1)),
    ("exponent", .integer(0), .integer(1000)),
    ("huge", .double(0), .double(1e20)),
    ("huge", .integer(0), nil),
    ("settings", .object(nil), .object(settings)),
    ("settings", .string("?"), nil),
    ("json_list", .object(nil), .object(list)),
    ("json_list", .string("?"), nil),
    ("untyped", .string("?"), .string("plain text")),
    ("untyped", .object(nil), nil),
    ("welcome", .object(nil), nil),
    ("deferred", .integer(0), .integer(7)),
    ("deferred", .boolean(true), nil),
    ("app_only", .string("?"), .string("from the app")),
  ]

  @Test(
    "the value when it reads as the type asked, else the default and TYPE_MISMATCH",
    arguments: cases)
  func asked(key: String, asked: FlagValue, expected: FlagValue?) throws {
    let details = FlagTestSupport.details(
      try FlagTestSupport.evaluator(), key, asking: asked, FlagTestSupport.web)
    #expect(details.value == expected ?? asked)
    #expect(details.errorCode == (expected == nil ? .typeMismatch : nil))
    #expect((details.reason == .error) == (expected == nil))
  }

  @Test(
    "a flag's own type: a NUMBER whose value is integral within Int64 is an integer, else a double",
    arguments: [
      ("enabled", FlagValue.boolean(false)), ("limit", .integer(10)), ("ratio", .double(0.5)),
      ("one_point_zero", .integer(1)), ("exponent", .integer(1000)), ("huge", .double(1e20)),
      ("settings", .object(settings)), ("json_list", .object(list)),
      ("untyped", .string("plain text")),
      ("welcome", .string("Hi")), ("deferred", .integer(7)),
    ])
  func ownType(key: String, expected: FlagValue) throws {
    let evaluator = try FlagTestSupport.evaluator()
    let configuration = try #require(evaluator.source.flagConfiguration())
    let details = evaluator.untypedDetails(
      forKeys: [key], in: configuration, context: FlagContext(),
      evaluationContext: EvaluationContext())
    #expect(details.first?.value == expected)
    #expect(details.first?.value?.type == expected.type)
  }

  @Test(
    "integral values however written, Int64's edges, signs and spaces",
    arguments: [
      ("9223372036854775807", FlagValue.integer(.max)),
      ("-9223372036854775808", .integer(.min)),
      ("9223372036854775808", .double(9_223_372_036_854_775_808)),
      ("9007199254740993", .integer(9_007_199_254_740_993)),
      ("+5", .integer(5)), (" 7 ", .integer(7)), ("-0", .integer(0)), ("5.", .integer(5)),
      ("1.0", .integer(1)), ("1e3", .integer(1000)), ("-0.0", .integer(0)), ("2.5e1", .integer(25)),
      ("-1E2", .integer(-100)), ("0.5", .double(0.5)), ("1e19", .double(1e19)),
      ("-1e19", .double(-1e19)),
    ])
  func integerEdges(text: String, expected: FlagValue) throws {
    let evaluator = FlagTestSupport.evaluator([
      TemplateParameter(key: "n", defaultValue: .value(text), valueType: .number)
    ])
    let configuration = try #require(evaluator.source.flagConfiguration())
    let details = evaluator.untypedDetails(
      forKeys: ["n"], in: configuration, context: FlagContext(),
      evaluationContext: EvaluationContext())
    #expect(details.first?.value == expected)
  }

  @Test(
    "a BOOLEAN reads by Firebase's one rule; a value that does not read as its type is PARSE_ERROR",
    arguments: [
      (ConfigValueType.boolean, "yes", FlagValue.boolean(true) as FlagValue?),
      (.boolean, "OFF", .boolean(false)), (.boolean, "maybe", nil), (.number, "ten", nil),
      (.number, "1e999", nil), (.json, "{\"a\": ", nil), (.json, "3", .object(3)),
    ])
  func parseErrors(type: ConfigValueType, text: String, expected: FlagValue?) throws {
    let evaluator = FlagTestSupport.evaluator([
      TemplateParameter(key: "p", defaultValue: .value(text), valueType: type)
    ])
    let configuration = try #require(evaluator.source.flagConfiguration())
    let details = try #require(
      evaluator.untypedDetails(
        forKeys: ["p"], in: configuration, context: FlagContext(),
        evaluationContext: EvaluationContext()
      ).first)
    #expect(details.value == expected)
    #expect(details.errorCode == (expected == nil ? .parseError : nil))
    if expected == nil {
      #expect(details.errorMessage?.contains("'p'") == true)
      #expect(details.variant == nil)
    }
  }

  @Test(
    "a JSON null is no value: the caller's default, with the reason and variant the row gives"
  )
  func jsonNull() throws {
    let evaluator = try FlagTestSupport.evaluator()
    let details = evaluator.objectDetails("json_null", default: ["mine": true])
    #expect(details.value == ["mine": true])
    #expect(details.reason == .static)
    #expect(details.variant == "default")
    #expect(details.errorCode == nil)
    let configuration = try #require(evaluator.source.flagConfiguration())
    let own = try #require(
      evaluator.untypedDetails(
        forKeys: ["json_null"], in: configuration, context: FlagContext(),
        evaluationContext: EvaluationContext()
      ).first)
    #expect(own.value == nil)
    #expect(own.reason == .static)
  }

  @Test("without a valueType, the in-app default's type types the template's value")
  func typeFromDefaults() {
    let evaluator = FlagEvaluator(
      source: TemplateFlagSource(
        template: CompiledTemplate(
          Template(parameters: [TemplateParameter(key: "n", defaultValue: .value("12"))])),
        defaults: InAppDefaults(["n": "3"], valueTypes: ["n": .number])))
    #expect(evaluator.integerDetails("n", default: 0).value == 12)
    #expect(evaluator.stringDetails("n", default: "?").errorCode == .typeMismatch)
  }
}
