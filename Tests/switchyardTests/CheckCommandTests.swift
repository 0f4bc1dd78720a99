import Core
import Foundation
import SwitchyardTestSupport
import Testing

@testable import switchyard

@Suite("switchyard check")
struct CheckCommandTests {
  static let now = "2026-06-01T12:00:00Z"
  static let elementary1 =
    #"{"event": "profileLoaded", "user": "u1", "profile": {"stage": "elementary", "year": 1}}"#

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
        "field 'scenario': required (or 'events'), a route --scenarios line"
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
        "unknown field 'extra'; expected one of name, scenario, events, app, device, expect"
      ),
      (
        #"{"name": "n", "scenario": {}, "events": [{"event": "signedOut"}], "expect": {"screen": "login"}}"#,
        "fields 'scenario' and 'events': give one, not both"
      ),
      (
        #"{"name": "n", "scenario": {}, "app": {"version": "1.0.0"}, "expect": {"screen": "login"}}"#,
        "field 'app': belongs in the scenario, or beside 'events'"
      ),
      (
        #"{"name": "n", "events": [], "expect": {"screen": "login"}}"#,
        "field 'events': expected a list of at least one of root's events, found an array"
      ),
      (
        #"{"name": "n", "events": [{"event": "appLaunched", "cachedConfig": true}, {"event": "signedIn"}], "expect": {"screen": "login"}}"#,
        "field 'events[1].user': missing"
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

  @Test(
    "a line of events expects what the root shows after the last one, and the values applied then; a late fetch answer the runtime dropped leaves the update's values"
  )
  func transcripts() async throws {
    let files = try TemporaryDirectory()
    _ = try files.write(
      "maintenance.json",
      #"{"parameters": {"isUnderMaintenance": {"defaultValue": {"value": "true"}}}}"#)
    let path = try files.write(
      "e.jsonl",
      [
        // Offline: the timer fires, the in-app defaults stand in, no one is signed in.
        #"{"name": "offline launch", "events": [{"event": "appLaunched", "cachedConfig": false}, {"event": "loadingTimedOut"}, {"event": "sessionRestored", "user": null}], "device": {"idiom": "pad"}, "expect": {"screen": "login", "orientations": ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"], "values": {"isUnderMaintenance": "false"}}}"#,
        #"{"name": "late fetch", "events": [{"event": "appLaunched", "cachedConfig": false}, {"event": "configUpdated", "template": "maintenance.json"}, {"event": "configActivated"}], "expect": {"screen": "maintenance", "values": {"isUnderMaintenance": "true"}}}"#,
        #"{"name": "gone", "events": [{"event": "appLaunched", "cachedConfig": true}, {"event": "configUpdated", "template": "gone.json"}], "expect": {"screen": "login"}}"#,
        #"{"name": "grade 1 on a phone", "events": [{"event": "appLaunched", "cachedConfig": true}, {"event": "sessionRestored", "user": "u1"}, {"event": "profileLoaded", "user": "u1", "profile": {"stage": "elementary", "year": 1}}], "app": {"version": "2.3.0"}, "device": {"idiom": "phone"}, "expect": {"screen": "elementary"}}"#,
      ].joined(separator: "\n") + "\n")
    let (status, capture) = await CapturedToolIO.run(["check", path, "--now", Self.now])
    #expect(status == .failure)
    let lines = capture.outputLines
    try #require(lines.count == 4)
    // A missing template is the line's error, naming the file beside the expectations.
    #expect(
      lines[2]
        == JSONValue.object(
          JSONObject([
            ("error", .string("line 3: \(files.path("gone.json")): cannot be read: no such file"))
          ])
        ).jsonText)
    #expect(lines[0] == #"{"name":"offline launch","pass":true,"failures":[]}"#)
    #expect(lines[1] == #"{"name":"late fetch","pass":true,"failures":[]}"#)
    let failed = try JSONParser().parse(lines[3])
    #expect(failed["pass"] == false)
    let failure = try #require(failed["failures"]?.arrayValue?.first)
    #expect(failure["what"] == "screen")
    #expect(failure["expected"] == "elementary")
    #expect(failure["actual"] == "unavailable")
    #expect(
      failure["reasons"]?.arrayValue?.contains("elementary course is iPad-only; this is a phone")
        == true, "\(failure)")
  }

  /// Maintenance for elementary users, by the stage signal a profile sets.
  static let elementaryMaintenance = """
    {"conditions": [{"name": "elementary", "expression": "app.customSignal['stage'].exactlyMatches(['elementary'])"}],
     "parameters": {"isUnderMaintenance": {"defaultValue": {"value": "false"},
                                           "conditionalValues": {"elementary": {"value": "true"}}}}}
    """

  @Test(
    "a line of events reads the values the app would: for the user once their profile loads, for no one after a sign-out, still for the user after an expiry; and only values the runtime took",
    arguments: [
      // The config arrives before the profile, the usual order.
      (
        #"{"event": "appLaunched", "cachedConfig": false}, {"event": "configActivated"}, {"event": "sessionRestored", "user": "u1"}, \#(elementary1)"#,
        "maintenance", "true"
      ),
      (
        #"{"event": "appLaunched", "cachedConfig": true}, {"event": "sessionRestored", "user": "u1"}, \#(elementary1), {"event": "signedOut"}"#,
        "login", "false"
      ),
      // The machine keeps an expired user, so the values stay theirs, an update's too.
      (
        #"{"event": "appLaunched", "cachedConfig": true}, {"event": "sessionRestored", "user": "u1"}, \#(elementary1), {"event": "sessionExpired"}, {"event": "configUpdated", "template": "t.json"}"#,
        "maintenance", "true"
      ),
      // An update before the launch is held for it; a second launch changes nothing.
      (
        #"{"event": "configUpdated", "template": "on.json"}, {"event": "appLaunched", "cachedConfig": false}"#,
        "maintenance", "true"
      ),
      (
        #"{"event": "appLaunched", "cachedConfig": false}, {"event": "configUpdated", "template": "on.json"}, {"event": "appLaunched", "cachedConfig": true}"#,
        "maintenance", "true"
      ),
    ])
  func transcriptValues(events: String, screen: String, value: String) async throws {
    let files = try TemporaryDirectory()
    let template = try files.write("t.json", Self.elementaryMaintenance)
    _ = try files.write(
      "on.json",
      #"{"parameters": {"isUnderMaintenance": {"defaultValue": {"value": "true"}}}}"#)
    let path = try files.write(
      "e.jsonl",
      #"{"name": "n", "events": [\#(events)], "expect": {"screen": "\#(screen)", "values": {"isUnderMaintenance": "\#(value)"}}}"#
        + "\n")
    let (status, capture) = await CapturedToolIO.run([
      "check", path, "--template", template, "--now", Self.now,
    ])
    #expect(capture.outputLines == [#"{"name":"n","pass":true,"failures":[]}"#])
    #expect(status == .success)
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
