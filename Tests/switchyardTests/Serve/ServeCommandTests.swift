import Core
import Foundation
import HTTPTransport
import SwitchyardTestSupport
import Testing

@testable import switchyard

/// `switchyard serve` through real sockets: OFREP's answers are `evaluate`'s values in
/// OpenFeature's words, routing is `route --scenarios`' line, and the template follows its file.
@Suite("switchyard serve", .timeLimit(.minutes(2)))
struct ServeCommandTests {
  static func template(banner: String, version: Int) -> String {
    """
    {
      "conditions": [
        {"name": "paid", "expression": "app.customSignal['tier'].exactlyMatches(['paid'])"},
        {"name": "half", "expression": "percent('serve-tests') <= 50"}
      ],
      "parameters": {
        "new_checkout": {"defaultValue": {"value": "false"},
          "conditionalValues": {"paid": {"value": "true"}}, "valueType": "BOOLEAN"},
        "banner": {"defaultValue": {"value": "\(banner)"}, "valueType": "STRING"},
        "max_items": {"defaultValue": {"value": "10"},
          "conditionalValues": {"half": {"value": "20"}}, "valueType": "NUMBER"},
        "timeout_ms": {"defaultValue": {"useInAppDefault": true}, "valueType": "NUMBER"}
      },
      "version": {"versionNumber": "\(version)"}
    }
    """
  }

  static let defaults = #"{"timeout_ms": 2500, "offline_message": "later"}"#

  /// A directory with the template and defaults files, and `serve`'s arguments for them.
  static func files(_ extra: [String] = []) throws -> (TemporaryDirectory, [String]) {
    let directory = try TemporaryDirectory()
    let template = try directory.write("t.json", template(banner: "Welcome", version: 7))
    let defaults = try directory.write("d.json", Self.defaults)
    return (directory, ["--template", template, "--defaults", defaults] + extra)
  }

  struct Row: Sendable, CustomTestStringConvertible {
    let key: String
    let context: String
    let value: String
    let reason: String
    let variant: String
    var testDescription: String { "\(key) for \(context)" }
  }

  @Test(
    "a flag's answer is its value, OpenFeature's reason and the variant, as README's table maps them",
    arguments: [
      Row(
        key: "new_checkout", context: #"{"targetingKey":"u1","tier":"paid"}"#, value: "true",
        reason: "TARGETING_MATCH", variant: "paid"),
      Row(
        key: "new_checkout", context: #"{"targetingKey":"u1","tier":"free"}"#, value: "false",
        reason: "DEFAULT", variant: "default"),
      Row(
        key: "banner", context: #"{"targetingKey":"u1"}"#, value: #""Welcome""#,
        reason: "STATIC", variant: "default"),
      Row(
        key: "timeout_ms", context: "{}", value: "2500", reason: "DEFAULT",
        variant: "inAppDefault"),
      Row(
        key: "offline_message", context: "{}", value: #""later""#, reason: "DEFAULT",
        variant: "inAppDefault"),
    ])
  func singleFlags(_ row: Row) async throws {
    let (directory, arguments) = try Self.files()
    defer { _ = directory }
    let serve = try await ServeHarness(arguments)
    let response = try await serve.send(
      "POST", "/ofrep/v1/evaluate/flags/\(row.key)", json: #"{"context":\#(row.context)}"#)
    #expect(await serve.finish() == .success)
    #expect(response.status == 200)
    let answer = try ServeHarness.object(response)
    let value = try JSONSerialization.data(
      withJSONObject: try #require(answer["value"]), options: .fragmentsAllowed)
    #expect(String(decoding: value, as: UTF8.self) == row.value)
    #expect(answer["reason"] as? String == row.reason)
    #expect(answer["variant"] as? String == row.variant)
    #expect(answer["key"] as? String == row.key)
  }

  @Test("every user's values are evaluate's, and the percent bucket's are SPLIT")
  func agreesWithEvaluate() async throws {
    let (directory, arguments) = try Self.files()
    defer { _ = directory }
    let users = (0..<24).map { "user-\($0)" }
    let contexts = users.map { #"{"randomizationId":"\#($0)"}"# }
    let (status, evaluated) = await CapturedToolIO.run(
      ["evaluate", "--contexts", "-"] + arguments, input: contexts)
    #expect(status == .success)
    let serve = try await ServeHarness(arguments)
    var reasons: Set<String> = []
    for (user, line) in zip(users, evaluated.outputLines) {
      let expected = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: [String: Any]])
      let response = try await serve.send(
        "POST", "/ofrep/v1/evaluate/flags/max_items",
        json: #"{"context":{"targetingKey":"\#(user)"}}"#)
      let answer = try ServeHarness.object(response)
      let value = try #require(answer["value"] as? Int)
      #expect("\(value)" == expected["max_items"]?["value"] as? String, "\(user)")
      let reason = try #require(answer["reason"] as? String)
      reasons.insert(reason)
      #expect(reason == (value == 20 ? "SPLIT" : "DEFAULT"), "\(user)")
      #expect(answer["variant"] as? String == (value == 20 ? "half" : "default"), "\(user)")
    }
    #expect(await serve.finish() == .success)
    #expect(reasons == ["SPLIT", "DEFAULT"])
  }

  @Test(
    "bulk answers every key of the template and the defaults, with an ETag that a repeat meets as 304"
  )
  func bulkWithETag() async throws {
    let (directory, arguments) = try Self.files()
    defer { _ = directory }
    let serve = try await ServeHarness(arguments)
    let body = #"{"context":{"targetingKey":"u1"}}"#
    let first = try await serve.send("POST", "/ofrep/v1/evaluate/flags", json: body)
    let etag = try #require(first.header("ETag"))
    let again = try await serve.send(
      "POST", "/ofrep/v1/evaluate/flags", json: body, headers: [("If-None-Match", etag)])
    #expect(await serve.finish() == .success)
    #expect(first.status == 200)
    let flags = try #require(try ServeHarness.object(first)["flags"] as? [[String: Any]])
    #expect(
      Set(flags.compactMap { $0["key"] as? String })
        == ["new_checkout", "banner", "max_items", "timeout_ms", "offline_message"])
    #expect(again.status == 304)
    #expect(again.body.isEmpty)
  }

  @Test("a route line gets exactly the line route --scenarios prints, a bad one its error with 400")
  func routeEndpoint() async throws {
    let (directory, arguments) = try Self.files()
    defer { _ = directory }
    let lines = [
      #"{"config":"ready","session":"signedIn","profile":{"stage":"elementary","year":2,"feature":null},"app":{"version":"2.3.0"},"device":{"idiom":"pad"},"context":{"now":"2026-11-27T09:00:00+09:00"}}"#,
      #"{"config":"ready","session":"maybe"}"#,
      "[1]",
    ]
    let serve = try await ServeHarness(arguments)
    for line in lines {
      let (_, route) = await CapturedToolIO.run(
        ["route", "--template", arguments[1], "--scenarios", "-"], input: [line])
      let expected = try #require(route.outputLines.first)
      let response = try await serve.send("POST", "/switchyard/v1/route", json: line)
      #expect(String(decoding: response.body, as: UTF8.self) == expected + "\n", "\(line)")
      let status = expected.hasPrefix(#"{"error""#) ? 400 : 200
      #expect(response.status == status, "\(line)")
    }
    #expect(await serve.finish() == .success)
  }

  @Test(
    "health, readiness and Prometheus metrics are answered; other paths are 404, other methods 405")
  func operations() async throws {
    let (directory, arguments) = try Self.files()
    defer { _ = directory }
    let serve = try await ServeHarness(arguments)
    _ = try await serve.send(
      "POST", "/ofrep/v1/evaluate/flags/new_checkout",
      json: #"{"context":{"targetingKey":"u1","tier":"paid"}}"#)
    let health = try await serve.send("GET", "/healthz")
    let ready = try await serve.send("GET", "/readyz")
    // The server's own answer to a head over 16 KiB, which no handler sees, counts too.
    let tooLarge = try await serve.send(
      "GET", "/healthz", headers: [("X-Padding", String(repeating: "p", count: 20_000))])
    let metrics = try await serve.send("GET", "/metrics")
    let missing = try await serve.send("GET", "/nothing-here")
    let wrongMethod = try await serve.send("POST", "/healthz", json: "{}")
    #expect(await serve.finish() == .success)
    #expect(health.status == 200)
    #expect(ready.status == 200)
    #expect(missing.status == 404)
    #expect(tooLarge.status == 431)
    #expect(wrongMethod.status == 405)
    #expect(wrongMethod.header("Allow") == "GET")
    let text = String(decoding: metrics.body, as: UTF8.self)
    #expect(metrics.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
    #expect(
      text.contains(
        #"switchyard_http_requests_total{endpoint="ofrep_flag",status="200"} 1"#))
    #expect(text.contains(#"switchyard_evaluations_total{reason="TARGETING_MATCH"} 1"#))
    #expect(text.contains("switchyard_template_version 7"))
    #expect(text.contains("switchyard_refresh_failures_total 0"))
    #expect(text.contains("switchyard_event_stream_listeners 0"))
    // At least the connection /metrics was asked on.
    let connections = text.split(separator: "\n").first {
      $0.hasPrefix("switchyard_http_connections ")
    }
    #expect((connections?.split(separator: " ").last).flatMap { Int($0) } ?? 0 >= 1)
    #expect(text.contains(#"status="431"} 1"#))
    // The flag, /healthz, /readyz and the 431: /metrics counts itself after it answers.
    #expect(text.contains(#"switchyard_http_request_duration_seconds_bucket{le="+Inf"} 4"#))
    #expect(text.contains("switchyard_http_request_duration_seconds_count 4"))
  }

  @Test(
    "a changed template file is served after the watcher's next two looks; a broken one is refused and the last good one stays"
  )
  func reloadsTheFile() async throws {
    let (directory, arguments) = try Self.files()
    defer { _ = directory }
    let clock = ManualTimeSource(now: TestTime.start)
    let serve = try await ServeHarness(arguments, clock: clock)
    func banner() async throws -> String? {
      try await serve.flag("banner")["value"] as? String
    }
    func look() async {
      await clock.waitForSleepers(count: 1)
      clock.advance(by: .milliseconds(500))
    }
    _ = try directory.write("t.json", Self.template(banner: "Hello again", version: 8))
    await look()
    #expect(try await banner() == "Welcome")
    await look()
    await clock.waitForSleepers(count: 1)
    #expect(try await banner() == "Hello again")
    _ = try directory.write("t.json", #"{"parameters": {"banner": {"defaultValue": 1}}"#)
    await look()
    await look()
    await clock.waitForSleepers(count: 1)
    #expect(try await banner() == "Hello again")
    let text = try await serve.metrics()
    #expect(await serve.finish() == .success)
    let refusals = serve.capture.error.split(separator: "\n").filter {
      $0.contains("refused, the previous template keeps serving")
    }
    #expect(refusals.count == 1)
    #expect(refusals.first?.contains("t.json") == true)
    #expect(text.contains("switchyard_template_version 8"))
    #expect(text.contains("switchyard_refresh_failures_total 1"))
  }

  @Test(
    "the refresh age is the time since a look found the file holding the served template: it stays 0 while the file is unchanged and grows once the file holds a refused one"
  )
  func refreshAgeOfTheFile() async throws {
    let (directory, arguments) = try Self.files()
    defer { _ = directory }
    let clock = ManualTimeSource(now: TestTime.start)
    let serve = try await ServeHarness(arguments, clock: clock)
    func look() async {
      await clock.waitForSleepers(count: 1)
      clock.advance(by: .milliseconds(500))
      await clock.waitForSleepers(count: 1)
    }
    func age() async throws -> String? {
      try await serve.metrics().split(separator: "\n").first {
        $0.hasPrefix("switchyard_refresh_age_seconds ")
      }.map(String.init)
    }
    await look()
    await look()
    let unchanged = try await age()
    _ = try directory.write("t.json", #"{"parameters": {"banner": {"defaultValue": 1}}"#)
    // One look sees the change, the next refuses it, the third finds it still there.
    await look()
    await look()
    await look()
    let refused = try await age()
    #expect(await serve.finish() == .success)
    #expect(unchanged == "switchyard_refresh_age_seconds 0.0")
    #expect(refused == "switchyard_refresh_age_seconds 1.5")
  }

  @Test(
    "with API keys, a request needs one (Bearer or X-API-Key); the access log shows neither keys nor flag keys nor contexts"
  )
  func apiKeysAndAccessLog() async throws {
    let (directory, arguments) = try Self.files()
    defer { _ = directory }
    // Written on Windows: CRLF line ends.
    let keys = try directory.write("keys", "# the app's key\r\nsk-test-4f9a\r\n\r\n")
    let serve = try await ServeHarness(arguments + ["--api-key-file", keys, "--access-log"])
    let body = #"{"context":{"targetingKey":"private-user-9"}}"#
    let path = "/ofrep/v1/evaluate/flags/banner"
    let without = try await serve.send("POST", path, json: body)
    let wrong = try await serve.send("POST", path, json: body, headers: [("X-API-Key", "sk-test")])
    let bearer = try await serve.send(
      "POST", path, json: body, headers: [("Authorization", "Bearer sk-test-4f9a")])
    let header = try await serve.send(
      "POST", path, json: body, headers: [("X-API-Key", "sk-test-4f9a")])
    let route = try await serve.send("POST", "/switchyard/v1/route", json: "{}")
    #expect(await serve.finish() == .success)
    let statuses: [Int] = [without.status, wrong.status, bearer.status, header.status]
    #expect(statuses == [401, 401, 200, 200])
    #expect(route.status == 401)
    let log = serve.capture.error
    #expect(log.contains(#""POST /ofrep/v1/evaluate/flags/{key}" 200"#))
    for secret in ["sk-test-4f9a", "private-user-9", "/flags/banner"] {
      #expect(!log.contains(secret), "\(secret)")
    }
  }

  @Test("an allowed web origin gets CORS headers and its preflight without a key; others get none")
  func crossOrigin() async throws {
    let (directory, arguments) = try Self.files()
    defer { _ = directory }
    let keys = try directory.write("keys", "sk-test-4f9a\n")
    let page = "https://app.example.com"
    let serve = try await ServeHarness(
      arguments + [
        "--api-key-file", keys, "--allow-origin", page, "--allow-origin", "http://x.test",
      ])
    let path = "/ofrep/v1/evaluate/flags"
    let preflight = try await serve.send(
      "OPTIONS", path,
      headers: [
        ("Origin", page), ("Access-Control-Request-Method", "POST"),
        ("Access-Control-Request-Headers", "authorization, content-type"),
      ])
    let allowed = try await serve.send(
      "POST", path, json: #"{"context":{}}"#,
      headers: [("Origin", page), ("Authorization", "Bearer sk-test-4f9a")])
    let other = try await serve.send(
      "POST", path, json: #"{"context":{}}"#,
      headers: [("Origin", "https://evil.example"), ("Authorization", "Bearer sk-test-4f9a")])
    let otherPreflight = try await serve.send(
      "OPTIONS", path,
      headers: [("Origin", "https://evil.example"), ("Access-Control-Request-Method", "POST")])
    #expect(await serve.finish() == .success)
    #expect(preflight.status == 204)
    #expect(preflight.header("Access-Control-Allow-Origin") == page)
    #expect(preflight.header("Access-Control-Allow-Methods") == "GET, POST")
    #expect(preflight.header("Access-Control-Allow-Headers")?.contains("Authorization") == true)
    #expect(allowed.status == 200)
    #expect(allowed.header("Access-Control-Allow-Origin") == page)
    #expect(allowed.header("Access-Control-Expose-Headers") == "ETag")
    #expect(allowed.header("Vary") == "Origin")
    #expect(other.status == 200)
    #expect(other.header("Access-Control-Allow-Origin") == nil)
    // Not a preflight this server answers: OFREP's own answer (keys first), no CORS header.
    #expect(otherPreflight.status == 401)
    #expect(otherPreflight.header("Access-Control-Allow-Origin") == nil)
  }

  @Test("without --allow-origin no CORS header is sent and a preflight is 405")
  func noCrossOrigin() async throws {
    let (directory, arguments) = try Self.files()
    defer { _ = directory }
    let serve = try await ServeHarness(arguments)
    let preflight = try await serve.send(
      "OPTIONS", "/ofrep/v1/evaluate/flags",
      headers: [("Origin", "https://app.example.com"), ("Access-Control-Request-Method", "POST")])
    let answer = try await serve.send(
      "POST", "/ofrep/v1/evaluate/flags", json: #"{"context":{}}"#,
      headers: [("Origin", "https://app.example.com")])
    #expect(await serve.finish() == .success)
    #expect(preflight.status == 405)
    #expect(answer.status == 200)
    #expect(answer.header("Access-Control-Allow-Origin") == nil)
  }

  struct Refusal: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(
    "options that do not go together are usage errors",
    arguments: [
      Refusal(
        arguments: ["--template", "t.json", "--url", "http://127.0.0.1:1/t.json"],
        message: "give one of '--template', '--url' and '--firebase-server'"),
      Refusal(arguments: ["--every", "5"], message: "'--every' goes with '--url'"),
      Refusal(arguments: ["--cache", "/tmp"], message: "'--cache' goes with '--url'"),
      Refusal(
        arguments: ["--project", "p1"], message: "'--project' goes with '--firebase-server'"),
      Refusal(arguments: ["--port", "70000"], message: "--port"),
    ])
  func usageErrors(_ refusal: Refusal) async {
    let (status, capture) = await CapturedToolIO.run(["serve"] + refusal.arguments)
    #expect(status == .usage)
    #expect(capture.error.contains(refusal.message))
    #expect(capture.output.isEmpty)
  }

  @Test("a template that does not validate stops serve before it listens, naming the file")
  func invalidTemplateAtStart() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("bad.json", #"{"parameters": {"x": {"defaultValue": 1}}}"#)
    let (status, capture) = await CapturedToolIO.run(["serve", "--template", path])
    #expect(status == .failure)
    #expect(capture.output.isEmpty)
    #expect(capture.error.contains("bad.json"))
  }

  @Test("an API key file without a key is refused without printing what it holds")
  func emptyKeyFile() async throws {
    let directory = try TemporaryDirectory()
    let keys = try directory.write("keys", "# nothing\n   \n")
    let spaced = try directory.write("spaced", "sk one\n")
    let (emptyStatus, empty) = await CapturedToolIO.run(["serve", "--api-key-file", keys])
    let (spacedStatus, withSpace) = await CapturedToolIO.run(["serve", "--api-key-file", spaced])
    #expect(emptyStatus == .failure)
    #expect(empty.error.contains("holds no API key"))
    #expect(spacedStatus == .failure)
    #expect(withSpace.error.contains("line 1"))
    #expect(!withSpace.error.contains("sk one"))
  }
}
