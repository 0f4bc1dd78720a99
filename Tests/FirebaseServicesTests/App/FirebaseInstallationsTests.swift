import Core
import FakeGoogle
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

/// `FirebaseInstallations` against the fake Google: registration, renewal, the refusals and
/// their backoffs, one request for many callers, and the saved state.
@Suite("FirebaseInstallations", .timeLimit(.minutes(3)))
struct FirebaseInstallationsTests {
  typealias Fixture = FirebaseAppFixture
  static let timeout = Duration.seconds(30)

  @Test("registration POSTs the FID, FIS_v2, the app id and the SDK version with the API key")
  func registration() async throws {
    try await Fixture.with { fixture in
      let installations = fixture.installations()
      let installation = try await installations.currentInstallation(timeout: Self.timeout)
      #expect(installation.fid == Fixture.fid(1))
      let request = try #require(
        fixture.google.requests(to: .installations(project: Fixture.projectNumber)).first)
      #expect(request.method == "POST")
      #expect(request.header("x-goog-api-key") == Fixture.apiKey)
      #expect(request.header("Content-Type") == "application/json")
      #expect(request.header("Accept") == "application/json")
      #expect(request.header("X-Ios-Bundle-Identifier") == "school.app")
      let body = try #require(try JSONParser().parse(request.body).objectValue)
      #expect(
        body
          == JSONObject([
            ("fid", .string(Fixture.fid(1))), ("authVersion", "FIS_v2"),
            ("appId", .string(Fixture.appID)), ("sdkVersion", .string(SwitchyardVersion.current)),
          ]))
      // The token lasts 7 days from the fake's clock.
      #expect(installation.authTokenExpiresAt == fixture.time.now.addingTimeInterval(604_800))
    }
  }

  @Test("the FID Google returns replaces the one sent, and 201 is success too")
  func replacedFID() async throws {
    try await Fixture.with { fixture in
      fixture.google.replacementFID = "dReplacedByGoogle00000"
      fixture.google.registrationStatus = 201
      let installations = fixture.installations()
      let id = try await installations.installationID()
      #expect(id == "dReplacedByGoogle00000")
      #expect(fixture.google.registeredInstallations == ["dReplacedByGoogle00000"])
    }
  }

  @Test(
    "an answer without a FID, or with an empty one, keeps the one sent",
    arguments: [JSONValue.null, .string("")])
  func keptFID(answered: JSONValue) async throws {
    try await Fixture.with { fixture in
      fixture.google.enqueue(
        .installations(project: Fixture.projectNumber),
        .json(Self.registration(fid: answered)))
      let id = try await fixture.installations().installationID()
      #expect(id == Fixture.fid(1))
    }
  }

  @Test(
    "a FID that is unprintable, over 128 bytes or not a string is an invalid answer",
    arguments: [
      JSONValue.string("a b"), .string("a\u{0}b"), .string("é"),
      .string(String(repeating: "a", count: 129)), .number(JSONNumber(7)),
    ])
  func refusedFID(answered: JSONValue) async throws {
    try await Fixture.with { fixture in
      fixture.google.enqueue(
        .installations(project: Fixture.projectNumber),
        .json(Self.registration(fid: answered)))
      let installations = fixture.installations()
      await #expect {
        try await installations.installationID()
      } throws: { error in
        guard case .invalidResponse(let message) = error as? FirebaseInstallationsError else {
          return false
        }
        return message.hasPrefix("'fid' ")
      }
    }
  }

  /// A registration answer whose `fid` member is `fid` (none for `null`).
  static func registration(fid: JSONValue) -> JSONValue {
    var answer = JSONObject()
    answer["refreshToken"] = "r"
    answer["authToken"] = ["token": "t", "expiresIn": "604800s"]
    if fid != .null { answer["fid"] = fid }
    return .object(answer)
  }

  @Test("a 409 registers again with a new FID, once; a second 409 is the caller's error")
  func conflict() async throws {
    try await Fixture.with { fixture in
      let path = FakeGoogleEndpoint.installations(project: Fixture.projectNumber)
      let conflict = LoopbackResponse.googleError(
        code: 409, status: "ALREADY_EXISTS", message: "The FID cannot be used.")
      fixture.google.enqueue(path, conflict)
      let installations = fixture.installations()
      let id = try await installations.installationID()
      #expect(id == Fixture.fid(2))
      let sent = fixture.google.requests(to: path).map {
        try? JSONParser().parse($0.body)["fid"]?.stringValue
      }
      #expect(sent == [Fixture.fid(1), Fixture.fid(2)])

      let again = fixture.installations()
      fixture.google.enqueue(path, conflict, conflict)
      await #expect(throws: FirebaseInstallationsError.self) {
        try await again.installationID()
      }
      #expect(fixture.google.requests(to: path).count == 4)
    }
  }

  @Test("the auth token is renewed only once less than an hour of it remains")
  func renewal() async throws {
    try await Fixture.with { fixture in
      let installations = fixture.installations()
      let first = try await installations.currentInstallation(timeout: Self.timeout)
      // 7 days less an hour and a second: more than an hour remains.
      fixture.advance(by: 604_800 - 3_601)
      #expect(try await installations.currentInstallation(timeout: Self.timeout) == first)
      #expect(fixture.google.authTokenRequests(project: Fixture.project).isEmpty)
      fixture.advance(by: 2)
      let renewed = try await installations.currentInstallation(timeout: Self.timeout)
      #expect(renewed.fid == first.fid)
      #expect(renewed.authToken != first.authToken)
      #expect(renewed.authTokenExpiresAt == fixture.time.now.addingTimeInterval(604_800))
      let request = try #require(fixture.google.authTokenRequests(project: Fixture.project).first)
      #expect(
        request.path
          == "/v1/projects/\(Fixture.projectNumber)/installations/\(first.fid)/authTokens:generate")
      #expect(request.header("Authorization") == "FIS_v2 \(first.refreshToken)")
      #expect(request.header("x-goog-api-key") == Fixture.apiKey)
      let body = try JSONParser().parse(request.body)
      #expect(
        body
          == [
            "installation": [
              "sdkVersion": .string(SwitchyardVersion.current), "appId": .string(Fixture.appID),
            ]
          ])
      #expect(
        fixture.google.requests(to: .installations(project: Fixture.projectNumber)).count == 1)
    }
  }

  @Test(
    "a 401 or 404 on renewal forgets the installation and registers again, once",
    arguments: [401, 404])
  func reregister(status: Int) async throws {
    try await Fixture.with { fixture in
      let installations = fixture.installations()
      let first = try await installations.currentInstallation(timeout: Self.timeout)
      fixture.advance(by: 604_800)
      fixture.google.enqueue(
        .authToken(project: Fixture.projectNumber, fid: first.fid),
        .googleError(code: status, status: "UNAUTHENTICATED", message: "gone"))
      let second = try await installations.currentInstallation(timeout: Self.timeout)
      #expect(second.fid == Fixture.fid(2))
      #expect(
        fixture.google.requests(to: .installations(project: Fixture.projectNumber)).count == 2)
      #expect(fixture.google.authTokenRequests(project: Fixture.project).count == 1)
    }
  }

  @Test("an installation Google forgot (404) is registered again")
  func forgotten() async throws {
    try await Fixture.with { fixture in
      let installations = fixture.installations()
      let first = try await installations.installationID()
      fixture.google.forgetInstallation(first)
      fixture.advance(by: 604_800)
      let id = try await installations.installationID()
      #expect(id == Fixture.fid(2))
    }
  }

  /// A refusal of the configuration, the part Google's answer points at, and its words.
  struct Misconfiguration: Sendable, CustomTestStringConvertible {
    let status: Int
    let googleStatus: String
    let message: String
    let suspect: FirebaseAppConfigurationPart?
    var testDescription: String { "\(status) \(message)" }
  }

  @Test(
    "400 and 403 are a configuration error naming the part, and nothing is sent for 24 hours",
    arguments: [
      Misconfiguration(
        status: 400, googleStatus: "INVALID_ARGUMENT",
        message: "API key not valid. Please pass a valid API key.", suspect: .apiKey),
      Misconfiguration(
        status: 400, googleStatus: "INVALID_ARGUMENT", message: "Invalid app id.",
        suspect: .appID),
      Misconfiguration(
        status: 403, googleStatus: "PERMISSION_DENIED",
        message:
          "Firebase Installations API has not been used in project 123456789012 before or it is disabled.",
        suspect: .project),
      Misconfiguration(
        status: 403, googleStatus: "PERMISSION_DENIED",
        message: "The caller does not have permission", suspect: nil),
    ])
  func misconfigured(_ refusal: Misconfiguration) async throws {
    try await Fixture.with { fixture in
      let path = FakeGoogleEndpoint.installations(project: Fixture.projectNumber)
      fixture.google.enqueue(
        path,
        .googleError(code: refusal.status, status: refusal.googleStatus, message: refusal.message))
      let installations = fixture.installations()
      var first: FirebaseInstallationsError?
      do throws(FirebaseInstallationsError) {
        _ = try await installations.installationID()
      } catch {
        first = error
      }
      let error = try #require(first)
      guard case .misconfigured(let suspect, let google, let until) = error else {
        Issue.record("expected a configuration error, got \(error)")
        return
      }
      #expect(suspect == refusal.suspect)
      #expect(google.message == refusal.message)
      #expect(until == fixture.time.now.addingTimeInterval(24 * 3600))
      let hint = try #require(google.hint)
      // The part named, or all three when Google's answer does not tell.
      let named = refusal.suspect?.description ?? "the API key, the app id and the project"
      #expect(hint.hasPrefix("check \(named):"))
      #expect(error.description.contains(refusal.message))
      #expect(error.description.contains("no new attempt before 2026-01-02T00:00:00Z"))
      // Within the backoff: the same error at once, nothing sent.
      fixture.advance(by: 24 * 3600 - 1)
      await #expect(throws: error) { try await installations.installationID() }
      #expect(fixture.google.requests(to: path).count == 1)
      fixture.advance(by: 1)
      let id = try await installations.installationID()
      #expect(id == Fixture.fid(2))
    }
  }

  @Test(
    "a 429 backs off 2^n s plus jitter, or as long as Retry-After asks, and nothing is sent before it ends",
    arguments: [
      (retryAfter: nil, delays: [2.5, 4.5]),
      (retryAfter: "120", delays: [120.0, 120.0]),
    ] as [(String?, [Double])])
  func tooManyRequests(retryAfter: String?, delays: [Double]) async throws {
    try await Fixture.with { fixture in
      let path = FakeGoogleEndpoint.installations(project: Fixture.projectNumber)
      let busy = LoopbackResponse.googleError(
        code: 429, status: "RESOURCE_EXHAUSTED", message: "Too many requests.",
        headers: retryAfter.map { [(name: "Retry-After", value: $0)] } ?? [])
      fixture.google.enqueue(path, busy, busy)
      let installations = fixture.installations(jitter: 0.5)
      for (attempt, delay) in zip(1..., delays) {
        let start = fixture.time.now
        do throws(FirebaseInstallationsError) {
          _ = try await installations.installationID()
          Issue.record("a 429 was taken for an installation")
        } catch .unavailable(let error, let until) {
          #expect(error.httpStatus == 429 && error.message == "Too many requests.")
          #expect(until == start.addingTimeInterval(delay))
        } catch {
          Issue.record("expected a backoff, got \(error)")
        }
        #expect(fixture.google.requests(to: path).count == attempt)
        fixture.advance(by: delay - 0.25)
        await #expect(throws: FirebaseInstallationsError.self) {
          try await installations.installationID()
        }
        #expect(fixture.google.requests(to: path).count == attempt)
        fixture.advance(by: 0.25)
      }
      let id = try await installations.installationID()
      #expect(id == Fixture.fid(3))
    }
  }

  @Test("a 5xx is tried once more at once; a second one backs off 2^n s, stopping at 30 min")
  func serverErrors() async throws {
    try await Fixture.with { fixture in
      let path = FakeGoogleEndpoint.installations(project: Fixture.projectNumber)
      let failing = LoopbackResponse.googleError(
        code: 503, status: "UNAVAILABLE", message: "The service is unavailable.")
      fixture.google.enqueue(path, failing)
      let installations = fixture.installations()
      _ = try await installations.installationID()
      #expect(fixture.google.requests(to: path).count == 2)

      let other = fixture.installations()
      for _ in 0..<24 { fixture.google.enqueue(path, failing) }
      var delays: [TimeInterval] = []
      for _ in 0..<12 {
        do throws(FirebaseInstallationsError) {
          _ = try await other.installationID()
        } catch .unavailable(_, let retryAfter) {
          let delay = retryAfter.timeIntervalSince(fixture.time.now)
          delays.append(delay)
          fixture.advance(by: delay)
        } catch {
          Issue.record("expected a backoff, got \(error)")
        }
      }
      #expect(delays == [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 1800, 1800])
      #expect(fixture.google.requests(to: path).count == 2 + 24)
    }
  }

  @Test("one registration for fifty callers at once, its result for all of them")
  func singleFlight() async throws {
    try await Fixture.with { fixture in
      let installations = fixture.installations()
      let ids = try await withThrowingTaskGroup(of: String.self) { group in
        for _ in 0..<50 { group.addTask { try await installations.installationID() } }
        return try await group.reduce(into: [String]()) { $0.append($1) }
      }
      #expect(Set(ids) == [Fixture.fid(1)])
      #expect(
        fixture.google.requests(to: .installations(project: Fixture.projectNumber)).count == 1)
    }
  }

  @Test("the saved installation is taken back by the same app, and not by another app id")
  func savedState() async throws {
    try await Fixture.with { fixture in
      let installations = fixture.installations()
      let first = try await installations.currentInstallation(timeout: Self.timeout)
      let saved = try #require(await installations.savedState())
      let restored = fixture.installations()
      await restored.restore(savedState: saved)
      #expect(try await restored.currentInstallation(timeout: Self.timeout) == first)
      #expect(
        fixture.google.requests(to: .installations(project: Fixture.projectNumber)).count == 1)

      let otherApp = "1:123456789012:android:ffee"
      try fixture.google.addApp(otherApp, apiKey: Fixture.apiKey, project: Fixture.project)
      let other = fixture.installations(
        options: try FirebaseAppOptions(appID: otherApp, apiKey: Fixture.apiKey)
          .withEndpoints(from: Fixture.variables(fixture.google)))
      await other.restore(savedState: saved)
      #expect(try await other.installationID() != first.fid)
      #expect(
        fixture.google.requests(to: .installations(project: Fixture.projectNumber)).count == 2)

      // A damaged saved state is ignored: the app registers anew.
      let damaged = fixture.installations()
      await damaged.restore(savedState: ["installation": ["fid": "not an id"]])
      _ = try await damaged.installationID()
      #expect(
        fixture.google.requests(to: .installations(project: Fixture.projectNumber)).count == 3)

      // An id Google chose outside the pattern the SDKs make is restored, one with a space not.
      for (fid, restores) in [("FIDPLACEHOLDER", true), ("FID PLACEHOLDER", false)] {
        var installation = first
        installation.fid = fid
        let again = fixture.installations()
        await again.restore(savedState: ["installation": installation.json])
        let kept = await again.savedState()?["installation"]?["fid"]?.stringValue
        #expect((kept == fid) == restores)
      }
    }
  }

  @Test("no description or error shows a token or the API key")
  func secrets() async throws {
    try await Fixture.with { fixture in
      let installations = fixture.installations()
      let installation = try await installations.currentInstallation(timeout: Self.timeout)
      var texts = [
        "\(installation)", String(reflecting: installation), "\(fixture.options)",
        String(reflecting: fixture.options),
      ]
      var dumped = ""
      dump(installation, to: &dumped)
      dump(fixture.options, to: &dumped)
      texts.append(dumped)
      // A server that echoes the request's secrets in its error.
      fixture.advance(by: 604_800)
      let echo = "key \(Fixture.apiKey) refresh \(installation.refreshToken)"
      fixture.google.enqueue(
        .authToken(project: Fixture.projectNumber, fid: installation.fid),
        .googleError(code: 403, status: "PERMISSION_DENIED", message: echo))
      do {
        _ = try await installations.installationID()
        Issue.record("expected a refusal")
      } catch {
        texts.append("\(error)")
        texts.append(String(reflecting: error))
      }
      for text in texts {
        for secret in fixture.secrets { #expect(!text.contains(secret), "\(text)") }
      }
    }
  }
}
