import Core
import Foundation
import SwitchyardTestSupport
import Testing
@testable import switchyard

/// A client template with an element this version does not know: `evaluate` uses it (that
/// part false, explained, with a warning naming the file and column); `validate` refuses it.
extension EvaluateCommandTests {
  static let templateWithUnknownSignal = """
    {"conditions": [
       {"name": "future", "expression": "app.customSignal['k'] == 1 && user.property('x')"},
       {"name": "ios", "expression": "device.os == 'ios'"}],
     "parameters": {"p": {"defaultValue": {"value": "default"},
       "conditionalValues": {"future": {"value": "future"}, "ios": {"value": "ios"}}}}}
    """

  @Test("evaluate --explain uses a template with an unknown element: false, explained, warned")
  func unknownElement() async throws {
    let directory = try TemporaryDirectory()
    let template = try directory.write("t.json", Self.templateWithUnknownSignal)
    let contexts = try directory.write(
      "c.jsonl", #"{"platform": "ios", "customSignals": {"k": 1}}"# + "\n")
    let (status, capture) = await CapturedToolIO.run([
      "evaluate", "--template", template, "--contexts", contexts, "--explain",
    ])
    #expect(status == .success, "\(capture.error)")
    let line = try JSONParser().parse(try #require(capture.outputLines.first))
    #expect(line["p"]?["value"] == "ios")
    let reasons = line["p"]?["reasons"]?.arrayValue?.compactMap(\.stringValue) ?? []
    #expect(
      reasons.first
        == "condition 'future' is false: 'user.property('x')' is not known to this version of"
        + " Switchyard")
    #expect(
      capture.error.contains(
        "switchyard evaluate: warning: \(template): condition 'future', column 31:"
          + " 'user.property('x')' is not known to this version of Switchyard and is false:"
          + " unknown signal 'user.property'"))
  }

  @Test("validate refuses an element this version does not know, with the hint: exit 1")
  func validateUnknownElement() async throws {
    let directory = try TemporaryDirectory()
    let template = try directory.write("t.json", Self.templateWithUnknownSignal)
    let (status, capture) = await CapturedToolIO.run(["validate", template])
    #expect(status == .failure)
    #expect(
      capture.output.contains(
        "\(template): error: condition 'future', column 31: 'user.property('x')' is not known to"
          + " this version of Switchyard and is false: unknown signal 'user.property'"))
    #expect(
      capture.output.contains(
        "Firebase refuses at publish what it does not know, so check the spelling; an element"
          + " newer than this Switchyard needs a newer Switchyard"))
    #expect(capture.output.contains("\(template): invalid (1 error, 0 warnings)"))
  }
}
