import Core
import SwitchyardTestSupport
import Testing

@testable import switchyard

@Suite("switchyard route")
struct RouteCommandTests {
  private func route(_ arguments: [String]) async -> (switchyard.ExitStatus, CapturedToolIO) {
    await CapturedToolIO.run(["route"] + arguments)
  }

  private func screen(of line: String) throws -> String? {
    try JSONParser().parse(line)["screen"]?.stringValue
  }

  @Test(
    "single-scenario flags route through the built-in sample and the two real features",
    arguments: [
      (
        ["--signed-in", "--stage", "elementary", "--year", "1", "--idiom", "pad"], "elementary",
        ["landscapeLeft", "landscapeRight"]
      ),
      (
        ["--signed-in", "--stage", "elementary", "--year", "1", "--idiom", "phone"], "unavailable",
        ["portrait", "landscapeLeft", "landscapeRight"]
      ),
      (
        ["--signed-in", "--stage", "juniorHigh", "--year", "3", "--idiom", "pad"], "juniorHigh",
        ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"]
      ),
      (
        ["--signed-in", "--stage", "juniorHigh", "--year", "3", "--idiom", "phone"], "juniorHigh",
        ["portrait", "landscapeLeft", "landscapeRight"]
      ),
      (
        ["--signed-in", "--stage", "juniorHigh", "--year", "3", "--app-version", "1.9.9"],
        "updateRequired", ["portrait", "landscapeLeft", "landscapeRight"]
      ),
      (
        ["--idiom", "pad"], "login",
        ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"]
      ),
      (["--signed-in"], "loading", ["portrait", "landscapeLeft", "landscapeRight"]),
      (
        [
          "--signed-in", "--stage", "juniorHigh", "--year", "1", "--now",
          "2026-12-31T03:00:00+09:00",
        ], "maintenance", ["portrait", "landscapeLeft", "landscapeRight"]
      ),
      (
        [
          "--signed-in", "--stage", "elementary", "--year", "1", "--idiom", "pad", "--feature",
          "juniorHigh",
        ], "unavailable", ["portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight"]
      ),
    ])
  func flags(arguments: [String], expected: String, orientations: [String]) async throws {
    let (status, capture) = await route(arguments)
    #expect(status == .success)
    let line = try JSONParser().parse(try #require(capture.outputLines.first))
    #expect(line["screen"]?.stringValue == expected)
    #expect(line["orientations"] == JSONValue.array(orientations.map(JSONValue.string)))
    #expect(capture.outputLines.count == 1)
  }

  @Test("the grade 2 rollout opens the course to the users whose bucket is within 10 percent")
  func rollout() async throws {
    // user-42's bucket for seed 'grade2_rollout' is 3.599404 %; user-1's is above 10 %.
    let base = ["--signed-in", "--stage", "elementary", "--year", "2", "--idiom", "pad"]
    let (_, inRollout) = await route(base + ["--user-id", "user-42"])
    #expect(try screen(of: try #require(inRollout.outputLines.first)) == "elementary")
    let (_, outside) = await route(base + ["--user-id", "user-1"])
    let line = try #require(outside.outputLines.first)
    #expect(try screen(of: line) == "unavailable")
    #expect(line.contains("elementary course not yet open for grade 2"))
  }

  @Test("scenario lines get one JSON line each; bad lines an error in their place")
  func scenarios() async throws {
    let files = try TemporaryDirectory()
    let path = try files.write(
      "s.jsonl",
      [
        #"{"config": "ready", "session": "signedIn", "profile": {"stage": "juniorHigh", "year": 1, "feature": null}, "app": {"version": "2.3.0"}, "device": {"idiom": "phone"}, "context": {"randomizationId": "u1"}}"#,
        #"{"config": "none", "session": "signedIn", "profile": {"stage": "juniorHigh", "year": 1}}"#,
        #"{"session": "signedOut"}"#,
        #"{"session": "unknown"}"#,
        #"{"profile": {"stage": "elementary", "year": 9}}"#,
        #"{"device": {"idiom": "watch"}}"#,
        #"{"context": {"bogus": 1}}"#,
        #"{"profile": {"stage": "elementary", "year": 2}, "device": {"idiom": "pad"}, "context": {"randomizationId": "user-42"}}"#,
        #"{"profile": {"stage": "elementary", "year": 2}, "device": {"idiom": "pad"}, "context": {"randomizationId": "user-42", "customSignals": {"year": 1}}}"#,
      ].joined(separator: "\n"))
    let (status, capture) = await route(["--scenarios", path])
    #expect(status == .failure)
    let lines = capture.outputLines
    #expect(lines.count == 9)
    #expect(try screen(of: lines[0]) == "juniorHigh")
    #expect(try screen(of: lines[1]) == "loading")
    #expect(try screen(of: lines[2]) == "login")
    #expect(try screen(of: lines[3]) == "loading")
    #expect(
      lines[4]
        == #"{"error":"line 5: field 'profile': year 9 is not a year of elementary (valid: 1...6)"}"#
    )
    #expect(
      lines[5]
        == #"{"error":"line 6: field 'device.idiom': expected one of \"phone\", \"pad\", found \"watch\""}"#
    )
    #expect(lines[6] == #"{"error":"line 7: context field 'bogus': unknown field"}"#)
    // The tool sets the `year` signal from the profile, so user-42 is in the grade 2 rollout;
    // a context that sets the signal itself wins, and the rollout condition no longer holds.
    #expect(try screen(of: lines[7]) == "elementary")
    #expect(try screen(of: lines[8]) == "unavailable")
  }

  @Test("--explain prints the screen, the orientations, the reasons and the values behind them")
  func explain() async throws {
    let (status, capture) = await route([
      "--explain", "--signed-in", "--stage", "elementary", "--year", "2", "--idiom", "pad",
      "--user-id", "user-42", "--now", "2026-12-01T09:00:00+09:00",
    ])
    #expect(status == .success)
    let text = capture.output
    #expect(
      text.hasPrefix(
        "screen        elementary\norientations  landscapeLeft, landscapeRight\nbecause\n"))
    #expect(text.contains("  - elementary course is open for grade 2 on this iPad"))
    #expect(text.contains("  elementary_supported_grades = [1, 2] (remote)"))
    #expect(text.contains("percent('grade2_rollout') 3.599404 <= 10"))
  }

  @Test(
    "flag errors are usage errors that name the option",
    arguments: [
      (
        ["--stage", "elementary"],
        "switchyard route: option '--stage' needs '--year' (see 'switchyard help route')"
      ),
      (
        ["--year", "1"],
        "switchyard route: option '--year' needs '--stage' (see 'switchyard help route')"
      ),
      (
        ["--signed-in", "--stage", "elementary", "--year", "7"],
        "switchyard route: option '--year': year 7 is not a year of elementary (valid: 1...6) (see 'switchyard help route')"
      ),
      (
        ["--idiom", "watch"],
        "switchyard route: option '--idiom': expected phone or pad, got 'watch' (see 'switchyard help route')"
      ),
      (
        ["--app-version", "2.x"],
        #"switchyard route: option '--app-version': invalid version "2.x": segment 2 is not made of digits 0-9 (see 'switchyard help route')"#
      ),
      (
        ["--now", "tomorrow"],
        #"switchyard route: option '--now': invalid timestamp "tomorrow" at column 1: expected 4 digits for the year (see 'switchyard help route')"#
      ),
      (
        ["--scenarios", "-", "--idiom", "pad"],
        "switchyard route: option '--idiom' describes one user; it cannot be combined with '--scenarios' (see 'switchyard help route')"
      ),
    ])
  func usageErrors(arguments: [String], message: String) async throws {
    let (status, capture) = await route(arguments)
    #expect(status == .usage)
    #expect(capture.error == message + "\n")
  }

  @Test("another template can be given; a broken one exits 1 naming the problem")
  func otherTemplate() async throws {
    let files = try TemporaryDirectory()
    let closed = try files.write(
      "t.json", #"{"parameters": {"junior_high_enabled": {"defaultValue": {"value": "false"}}}}"#)
    let (status, capture) = await route([
      "--template", closed, "--signed-in", "--stage", "juniorHigh", "--year", "1",
    ])
    #expect(status == .success)
    let line = try #require(capture.outputLines.first)
    #expect(try screen(of: line) == "unavailable")
    #expect(line.contains("junior high course is turned off (junior_high_enabled is false)"))

    let broken = try files.write("b.json", "{")
    let (brokenStatus, brokenCapture) = await route(["--template", broken])
    #expect(brokenStatus == .failure)
    #expect(brokenCapture.error.contains("b.json: invalid template: line 1, column 2"))
  }
}
