import ConfigEngine
import Core
import Foundation
import RootRouting
import SwitchyardTestSupport
import Testing

@testable import switchyard

/// `switchyard root`: routing sequences from the command line, each line answered by the
/// real runtime's actions for it.
@Suite("switchyard root", .timeLimit(.minutes(1)))
struct RootCommandTests {
  static let maintenance =
    #"{"parameters": {"isUnderMaintenance": {"defaultValue": {"value": "true"}}}}"#
  static let noMaintenance =
    #"{"parameters": {"isUnderMaintenance": {"defaultValue": {"value": "false"}}}}"#
  static let landscape = #"["portrait","portraitUpsideDown","landscapeLeft","landscapeRight"]"#

  /// Runs `root` over `events` written to a file beside the two templates, with `arguments`.
  private func root(
    _ events: [String], _ arguments: [String] = []
  ) async throws -> (switchyard.ExitStatus, [String]) {
    let directory = try TemporaryDirectory()
    _ = try directory.write("maintenance.json", Self.maintenance)
    _ = try directory.write("no-maintenance.json", Self.noMaintenance)
    let path = try directory.write("events.jsonl", events.joined(separator: "\n") + "\n")
    let (status, capture) = await CapturedToolIO.run(["root", "--events", path] + arguments)
    #expect(capture.error == "")
    return (status, capture.outputLines)
  }

  private func json(_ line: String) throws -> JSONValue {
    try JSONParser().parse(line)
  }

  /// The screens the line's `showRoute` actions show.
  private func screens(_ line: String) throws -> [String] {
    guard case .array(let actions)? = try json(line)["actions"] else { return [] }
    return actions.compactMap { $0["screen"]?.stringValue }
  }

  @Test(
    "launch offline, the timer fires, the config arrives with maintenance on, the fetch's older answer is dropped, the user signs in; each line the runtime's actions"
  )
  func launchOffline() async throws {
    let (status, lines) = try await root(
      [
        #"{"event": "appLaunched", "cachedConfig": false}"#,
        #"{"event": "loadingTimedOut"}"#,
        #"{"event": "sessionRestored", "user": null}"#,
        #"{"event": "configUpdated", "template": "maintenance.json"}"#,
        #"{"event": "configActivated"}"#,
        #"{"event": "signedIn", "user": "u1"}"#,
        #"{"event": "profileLoaded", "user": "u1", "profile": {"stage": "elementary", "year": 1}}"#,
        #"{"event": "configUpdated", "template": "no-maintenance.json"}"#,
        #"{"event": "signedOut"}"#,
      ], ["--idiom", "pad", "--now", "2026-06-01T00:00:00Z"])
    #expect(status == .success)
    try #require(lines.count == 9)
    #expect(
      lines[0]
        == #"{"line":1,"actions":[{"action":"fetchConfig"},{"action":"restoreSession"},{"action":"startLoadingTimer"},{"action":"showRoute","screen":"loading","reasons":["no config is available yet"],"orientations":\#(Self.landscape)}]}"#
    )
    #expect(
      lines[1]
        == #"{"line":2,"actions":[{"action":"showRoute","screen":"loading","reasons":["config: in-app defaults, because no config arrived in time","the session is being restored"],"orientations":\#(Self.landscape)}]}"#
    )
    #expect(try screens(lines[2]) == ["login"])
    #expect(try screens(lines[3]) == ["maintenance"])
    #expect(lines[4] == #"{"line":5,"actions":[],"dropped":"configNotNewer"}"#)
    #expect(lines[5] == #"{"line":6,"actions":[{"action":"loadProfile","user":"u1"}]}"#)
    #expect(lines[6] == #"{"line":7,"actions":[]}"#)
    #expect(try screens(lines[7]) == ["elementary"])
    #expect(try screens(lines[8]) == ["login"])
  }

  @Test(
    "launch with a cached config: routed at once, no timer; a timeout without a timer, and a profile whose load is not pending, are late: dropped, no actions"
  )
  func lateAnswers() async throws {
    let (status, lines) = try await root([
      #"{"event": "appLaunched", "cachedConfig": true}"#,
      #"{"event": "loadingTimedOut"}"#,
      #"{"event": "sessionRestored", "user": "u1"}"#,
      #"{"event": "profileLoaded", "user": "u2", "profile": {"stage": "elementary", "year": 1}}"#,
      #"{"event": "signedOut"}"#,
      #"{"event": "profileLoaded", "user": "u1", "profile": {"stage": "elementary", "year": 1}}"#,
    ])
    #expect(status == .success)
    try #require(lines.count == 6)
    #expect(
      try json(lines[0])["actions"]?.arrayValue?.map { $0["action"]?.stringValue }
        == ["fetchConfig", "restoreSession", "showRoute"])
    #expect(lines[1] == #"{"line":2,"actions":[],"dropped":"timerCancelled"}"#)
    #expect(try json(lines[2])["actions"]?.arrayValue?.first?["user"]?.stringValue == "u1")
    #expect(lines[3] == #"{"line":4,"actions":[],"dropped":"sessionEnded"}"#)
    #expect(try screens(lines[4]) == ["login"])
    // The load of u1 was under way when they signed out: the runtime drops its answer.
    #expect(lines[5] == #"{"line":6,"actions":[],"dropped":"sessionEnded"}"#)
  }

  @Test(
    "the values follow the user as the app's client bridge makes them: a config that arrived before the profile is evaluated again for the user when it loads"
  )
  func configBeforeProfile() async throws {
    // Year 2 is open to 10% of users by their id and their profile's signals; user-42 is in.
    let (status, lines) = try await root(
      [
        #"{"event": "appLaunched", "cachedConfig": false}"#,
        #"{"event": "configActivated"}"#,
        #"{"event": "sessionRestored", "user": "user-42"}"#,
        #"{"event": "profileLoaded", "user": "user-42", "profile": {"stage": "elementary", "year": 2}}"#,
      ], ["--idiom", "pad", "--now", "2026-06-01T09:00:00+09:00"])
    #expect(status == .success)
    try #require(lines.count == 4)
    #expect(
      lines[3]
        == #"{"line":4,"actions":[{"action":"showRoute","screen":"elementary","reasons":["config: activated","elementary course is open for grade 2 on this iPad"],"orientations":["landscapeLeft","landscapeRight"]}]}"#
    )
  }

  @Test(
    "a profile answered for a user still signed in, with no load of it waiting, is dropped as profileNotLoading; one for a user not signed in as sessionEnded"
  )
  func profileNotLoading() async throws {
    let (status, lines) = try await root([
      #"{"event": "appLaunched", "cachedConfig": true}"#,
      #"{"event": "sessionRestored", "user": "u1"}"#,
      #"{"event": "profileLoaded", "user": "u1", "profile": {"stage": "elementary", "year": 1}}"#,
      #"{"event": "profileLoaded", "user": "u1", "profile": {"stage": "elementary", "year": 1}}"#,
      #"{"event": "profileFailed", "user": "u2", "reason": "who?"}"#,
    ])
    #expect(status == .success)
    try #require(lines.count == 5)
    #expect(lines[3] == #"{"line":4,"actions":[],"dropped":"profileNotLoading"}"#)
    #expect(lines[4] == #"{"line":5,"actions":[],"dropped":"sessionEnded"}"#)
  }

  @Test("the store link opens the forced update's store page, from standard input")
  func storeLink() async throws {
    let (status, capture) = await CapturedToolIO.run(
      ["root", "--events", "-", "--app-version", "1.9.9"],
      input: [
        #"{"event": "appLaunched", "cachedConfig": true}"#, #"{"event": "storeLinkTapped"}"#,
      ])
    #expect(status == .success)
    let lines = capture.outputLines
    try #require(lines.count == 2)
    #expect(try screens(lines[0]) == ["updateRequired"])
    #expect(
      lines[1]
        == #"{"line":2,"actions":[{"action":"openStoreURL","url":"https://apps.apple.com/app/id0000000000"}]}"#
    )
  }

  @Test(
    "a bad line is that line's error, naming what and where; the lines after it are still answered and the exit status is 1",
    arguments: [
      ("not json", "line 2: not JSON"),
      (#"{"event": "bogus"}"#, #"line 2: field 'event': expected one of "appLaunched""#),
      (#"{"user": "u1"}"#, "line 2: field 'event': expected one of"),
      (#"{"event": "signedIn"}"#, "line 2: field 'user': missing"),
      (#"{"event": "signedIn", "user": ""}"#, "line 2: field 'user': expected a user id"),
      (#"{"event": "signedOut", "user": "u1"}"#, "line 2: unknown field 'user'"),
      (#"{"event": "appLaunched"}"#, "line 2: field 'cachedConfig': missing"),
      (
        #"{"event": "profileLoaded", "user": "u1", "profile": {"stage": "elementary"}}"#,
        "line 2: field 'profile': needs both 'stage' and 'year'"
      ),
      (#"{"event": "configUpdated", "template": "gone.json"}"#, "gone.json: cannot be read"),
    ])
  func badLine(line: String, message: String) async throws {
    let (status, lines) = try await root([
      #"{"event": "appLaunched", "cachedConfig": true}"#, line, #"{"event": "sessionRestored"}"#,
    ])
    #expect(status == .failure)
    try #require(lines.count == 3)
    let error = try #require(try json(lines[1])["error"]?.stringValue)
    #expect(error.contains(message))
    #expect(try screens(lines[2]) == ["login"])
  }

  @Test("--explain prints each line's event and what became of it for a person")
  func explain() async throws {
    let (status, lines) = try await root(
      [
        #"{"event": "appLaunched", "cachedConfig": false}"#,
        #"{"event": "configFetchFailed", "reason": "offline"}"#, "[]",
      ], ["--explain"])
    #expect(status == .failure)
    #expect(lines.first == "line 1: appLaunched (nothing cached)")
    #expect(lines.contains("  startLoadingTimer"))
    #expect(lines.contains("line 2: configFetchFailed: offline"))
    #expect(lines.contains("  showRoute loading"))
    #expect(lines.contains("    - config: in-app defaults, because no config arrived in time"))
    // The line is named once, as `route --explain` names it.
    #expect(lines.last == "error: line 3: expected a JSON object, found an array")
  }
}

/// `RootTranscript` on its own: what the command's input cannot make it do.
@Suite("RootTranscript", .timeLimit(.minutes(1)))
struct RootTranscriptTests {
  @Test(
    "work that waits for an answer is bounded: past the limit an event that answers nothing is refused, and an answer makes room"
  )
  func waitingIsBounded() async throws {
    var transcript = try RootTranscript(
      template: CompiledTemplate(try Template(json: SampleTemplate.json)),
      appVersion: RouteScenario.defaultAppVersion, idiom: .phone, now: TestTime.start,
      loadTemplate: { _ in throw LineError("no templates") }, maximumWaiting: 3)
    defer { transcript.stop() }
    // A fetch, a restore and a timer wait; then a load for each sign-in.
    _ = try await transcript.handle(.appLaunched(cachedConfig: false), line: 1)
    await #expect(throws: LineError.self) {
      try await transcript.handle(.signedIn("u1"), line: 2)
    }
    let failed = try await transcript.handle(.configFetchFailed(reason: "offline"), line: 3)
    #expect(failed.dropped == nil)
    let signedIn = try await transcript.handle(.signedIn("u1"), line: 4)
    #expect(signedIn.actions.first == .loadProfile("u1"))
  }
}
