import Core
import Foundation
import SwitchyardTestSupport
import Testing

@testable import switchyard

@Suite("switchyard check")
struct CheckCommandTests {
  static let now = "2026-06-01T12:00:00Z"

  static func check(_ lines: [String], _ arguments: [String] = []) async throws -> (
    switchyard.ExitStatus, CapturedToolIO
  ) {
    let files = try TemporaryDirectory()
    let path = try files.write("e.jsonl", lines.joined(separator: "\n") + "\n")
    return await CapturedToolIO.run(["check", path, "--now", now] + arguments)
  }

  @Test("every expectation shipped for the built-in sample passes")
  func shippedExpectations() async throws {
    let path = SourceTree.url("Examples/sample-expectations.jsonl").path
    let lineCount = try SourceTree.text("Examples/sample-expectations.jsonl")
      .split(separator: "\n").count
    // Without --now: each scenario fixes its own time, so the file passes on any day.
    let (status, capture) = await CapturedToolIO.run(["check", path])
    #expect(status == .success)
    #expect(capture.outputLines.count == lineCount)
    for line in capture.outputLines {
      let result = try JSONParser().parse(line)
      #expect(result["pass"] == true, "\(line)")
      #expect(result["failures"] == [])
    }
  }

  @Test("an expectation that holds passes; orientations compare as sets")
  func passing() async throws {
    let (status, capture) = try await Self.check([
      #"{"name": "grade 1 on iPad", "scenario": {"profile": {"stage": "elementary", "year": 1}, "device": {"idiom": "pad"}}, "expect": {"screen": "elementary", "orientations": ["landscapeRight", "UIInterfaceOrientationLandscapeLeft"], "values": {"elementary_daily_goal_minutes": "10"}}}"#
    ])
    #expect(status == .success)
    #expect(capture.outputLines == [#"{"name":"grade 1 on iPad","pass":true,"failures":[]}"#])
  }

  @Test("a failing expectation names what was expected, what came, and the reasons behind it")
  func failing() async throws {
    let (status, capture) = try await Self.check([
      #"{"name": "ok", "scenario": {"session": "signedOut"}, "expect": {"screen": "login"}}"#,
      #"{"name": "grade 1 on a phone", "scenario": {"profile": {"stage": "elementary", "year": 1}, "context": {"randomizationId": "u"}}, "expect": {"screen": "elementary", "orientations": ["landscapeLeft", "landscapeRight"], "values": {"elementary_daily_goal_minutes": "20", "elementary_enabled": "true", "no_such_key": "x"}}}"#,
    ])
    #expect(status == .failure)
    #expect(capture.outputLines.count == 2)
    #expect(capture.outputLines.first == #"{"name":"ok","pass":true,"failures":[]}"#)
    let result = try JSONParser().parse(try #require(capture.outputLines.last))
    #expect(result["name"] == "grade 1 on a phone")
    #expect(result["pass"] == false)
    let routeReasons: JSONValue = [
      "config: activated", "elementary course is iPad-only; this is a phone",
      "junior high course is for junior-high grades; this user is elementary 1",
      "no registered feature serves elementary 1",
    ]
    let expected: JSONValue = [
      [
        "what": "screen", "expected": "elementary", "actual": "unavailable",
        "reasons": routeReasons,
      ],
      [
        "what": "orientations", "expected": ["landscapeLeft", "landscapeRight"],
        "actual": ["portrait", "landscapeLeft", "landscapeRight"], "reasons": routeReasons,
      ],
      [
        "what": "value", "key": "elementary_daily_goal_minutes", "expected": "20",
        "actual": "10",
        "reasons": [
          "condition 'elementary_beginners' is true: customSignal 'stage' 'elementary' exactly matches one of ['elementary'] and customSignal 'year' 1 == 1",
          "the value of condition 'elementary_beginners' applies",
        ],
      ],
      [
        "what": "value", "key": "no_such_key", "expected": "x", "actual": nil,
        "reasons": ["'no_such_key' is defined nowhere; its value is empty (static)"],
      ],
    ]
    #expect(result["failures"] == expected)
  }

  @Test(
    "a bad line gets an error in its place and the run exits 1",
    arguments: [
      (
        #"{"name": "n", "scenario": {}, "expect": {}}"#,
        "field 'expect': expects nothing; give screen, orientations or values"
      ),
      (
        #"{"name": "n", "scenario": {}, "expect": {"screen": "home"}}"#,
        "field 'expect.screen': expected one of loading, login, maintenance, updateRequired, unavailable, elementary, juniorHigh, found 'home'"
      ),
      (
        #"{"name": "n", "scenario": {}, "expect": {"values": {"isUnderMaintenance": false}}}"#,
        #"field 'expect.values.isUnderMaintenance': expected a string (values are strings: write "false"), found a boolean"#
      ),
      (
        #"{"name": "n", "expect": {"screen": "login"}}"#,
        "field 'scenario': required, a route --scenarios line"
      ),
      (
        #"{"scenario": {}, "expect": {"screen": "login"}}"#,
        "field 'name': required, the expectation's name in the output"
      ),
      (
        #"{"name": "n", "scenario": {"device": {"idiom": "watch"}}, "expect": {"screen": "login"}}"#,
        #"field 'scenario': field 'device.idiom': expected one of "phone", "pad", found "watch""#
      ),
      (
        #"{"name": "n", "scenario": {}, "expect": {"orientations": ["sideways"]}}"#,
        #"field 'expect.orientations': unknown orientation "sideways" at index 0; expected one of portrait, portraitUpsideDown, landscapeLeft, landscapeRight"#
      ),
      (
        #"{"name": "n", "scenario": {}, "expect": {"screen": "login"}, "extra": 1}"#,
        "unknown field 'extra'; expected one of name, scenario, expect"
      ),
    ])
  func badLine(line: String, message: String) async throws {
    let (status, capture) = try await Self.check([
      line, #"{"name": "ok", "scenario": {}, "expect": {"screen": "login"}}"#,
    ])
    #expect(status == .failure)
    #expect(
      capture.outputLines == [
        JSONValue.object(JSONObject([("error", .string("line 1: " + message))])).jsonText,
        #"{"name":"ok","pass":true,"failures":[]}"#,
      ])
  }

  @Test("--template checks another template; a scenario's own time wins over --now")
  func otherTemplateAndTime() async throws {
    let files = try TemporaryDirectory()
    let closed = try files.write(
      "t.json", #"{"parameters": {"junior_high_enabled": {"defaultValue": {"value": "false"}}}}"#)
    let expectations = try files.write(
      "e.jsonl",
      [
        #"{"name": "closed", "scenario": {"profile": {"stage": "juniorHigh", "year": 1}}, "expect": {"screen": "unavailable", "values": {"junior_high_enabled": "false"}}}"#,
        #"{"name": "window", "scenario": {"profile": {"stage": "juniorHigh", "year": 1}, "context": {"now": "2026-12-31T03:00:00+09:00"}}, "expect": {"screen": "maintenance"}}"#,
      ].joined(separator: "\n"))
    let (status, capture) = await CapturedToolIO.run([
      "check", expectations, "--template", closed, "--now", Self.now,
    ])
    // The maintenance window is the built-in sample's: the other template has none.
    #expect(status == .failure)
    #expect(capture.outputLines.first == #"{"name":"closed","pass":true,"failures":[]}"#)
    #expect(capture.outputLines.last?.contains(#""actual":"unavailable""#) == true)
    let (sampleStatus, sample) = await CapturedToolIO.run([
      "check", expectations, "--now", Self.now,
    ])
    #expect(sampleStatus == .failure)
    #expect(sample.outputLines.last == #"{"name":"window","pass":true,"failures":[]}"#)
  }
}
