import Core
import SwitchyardTestSupport
import Testing

@testable import switchyard

@Suite("switchyard evaluate and validate")
struct EvaluateCommandTests {
  static let template = """
    {"conditions": [{"name": "paid", "condition": {"customSignal": {"customSignalOperator": "STRING_EXACTLY_MATCHES", "customSignalKey": "tier", "targetCustomSignalValues": ["paid"]}}}],
     "parameters": {
       "welcome": {"defaultValue": {"value": "hi"}, "conditionalValues": {"paid": {"value": "hello supporter"}}},
       "flag": {"defaultValue": {"useInAppDefault": true}, "valueType": "BOOLEAN"}}}
    """

  @Test("one JSON line per context maps every template and default key to value and source")
  func evaluatesContexts() async throws {
    let files = try TemporaryDirectory()
    let template = try files.write("t.json", Self.template)
    let defaults = try files.write("d.json", #"{"flag": true, "retries": 3}"#)
    let contexts = try files.write(
      "c.jsonl", "{\"customSignals\": {\"tier\": \"paid\"}}\n{}\n{\"tier\": 1}\nnot json\n")
    let (status, capture) = await CapturedToolIO.run([
      "evaluate", "--template", template, "--defaults", defaults, "--contexts", contexts,
    ])
    #expect(status == .failure)
    #expect(
      capture.outputLines == [
        #"{"flag":{"value":"true","source":"default"},"retries":{"value":"3","source":"default"},"welcome":{"value":"hello supporter","source":"remote"}}"#,
        #"{"flag":{"value":"true","source":"default"},"retries":{"value":"3","source":"default"},"welcome":{"value":"hi","source":"remote"}}"#,
        #"{"error":"line 3: context field 'tier': unknown field"}"#,
        #"{"error":"line 4: not JSON: expected 'null' at column 1"}"#,
      ])
  }

  @Test("without contexts it evaluates one empty context; --explain adds the reasons")
  func emptyContextAndExplain() async throws {
    let files = try TemporaryDirectory()
    let template = try files.write("t.json", Self.template)
    let (status, capture) = await CapturedToolIO.run([
      "evaluate", "--template", template, "--explain",
    ])
    #expect(status == .success)
    let line = try #require(capture.outputLines.first)
    let object = try JSONParser().parse(line)
    #expect(object["welcome"]?["value"] == "hi")
    #expect(
      object["welcome"]?["reasons"]
        == [
          "condition 'paid' is false: customSignal 'tier' missing",
          "no condition applies; the parameter's default value applies",
        ])
    #expect(object["flag"]?["source"] == "static")
  }

  @Test("contexts can come from standard input")
  func standardInput() async throws {
    let files = try TemporaryDirectory()
    let template = try files.write("t.json", Self.template)
    let (status, capture) = await CapturedToolIO.run(
      ["evaluate", "--template", template, "--contexts", "-"],
      input: [#"{"customSignals": {"tier": "paid"}}"#])
    #expect(status == .success)
    #expect(capture.outputLines.count == 1)
    #expect(capture.output.contains("hello supporter"))
  }

  @Test("a broken template exits 1 with the problems named on stderr")
  func brokenTemplate() async throws {
    let files = try TemporaryDirectory()
    let template = try files.write(
      "t.json", #"{"parameters": {"p": {"defaultValue": {"value": 1}}}}"#)
    let (status, capture) = await CapturedToolIO.run(["evaluate", "--template", template])
    #expect(status == .failure)
    #expect(capture.output.isEmpty)
    #expect(
      capture.error.contains("parameters.p.defaultValue.value: values are strings, found a number"))
  }

  @Test("validate exits 0 for a valid template and 1 listing every problem otherwise")
  func validate() async throws {
    let files = try TemporaryDirectory()
    let good = try files.write("good.json", Self.template)
    let (goodStatus, goodCapture) = await CapturedToolIO.run(["validate", good])
    #expect(goodStatus == .success)
    #expect(goodCapture.outputLines == ["\(good): valid (2 parameters, 1 condition)"])

    let bad = try files.write(
      "bad.json",
      #"{"conditions": [{"name": "unused", "expression": "true"}], "parameters": {"1x": {"defaultValue": {"value": "maybe"}, "valueType": "BOOLEAN"}}}"#
    )
    let (badStatus, badCapture) = await CapturedToolIO.run(["validate", bad])
    #expect(badStatus == .failure)
    #expect(
      badCapture.outputLines == [
        "\(bad): error: parameters.1x: key '1x' must match ^[a-zA-Z_][0-9a-zA-Z_]*$ (at most 256 characters)",
        "\(bad): error: parameters.1x.defaultValue: \"maybe\" is not a BOOLEAN (expected true or false)",
        "\(bad): warning: condition 'unused': no parameter uses this condition",
        "\(bad): invalid (2 errors, 1 warning)",
      ])

    let (jsonStatus, jsonCapture) = await CapturedToolIO.run(["validate", bad, "--json"])
    #expect(jsonStatus == .failure)
    let report = try JSONParser().parse(try #require(jsonCapture.outputLines.first))
    #expect(report["valid"] == false)
    #expect(report["errors"]?.arrayValue?.count == 2)
    #expect(report["warnings"]?.arrayValue?.count == 1)
  }

  @Test("validate needs exactly one file")
  func validateUsage() async {
    let (status, capture) = await CapturedToolIO.run(["validate"])
    #expect(status == .usage)
    #expect(
      capture.error
        == "switchyard validate: expected 1 argument, got 0 (see 'switchyard help validate')\n"
    )
  }
}
