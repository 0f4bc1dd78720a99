@testable import ConfigClient
@testable import ConfigEngine
import Core
import FakeGoogle
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

/// `FirebaseAppTemplateSource` against the fake Google: the request it sends and each answer
/// in the client's vocabulary.
@Suite("FirebaseAppTemplateSource", .timeLimit(.minutes(3)))
struct FirebaseAppTemplateSourceTests {
  typealias Fixture = FirebaseAppFixture
  static let fetchPath = FakeGoogleEndpoint.appFetch(project: Fixture.projectNumber)

  static func request(
    _ context: EvaluationContext = EvaluationContext(), etag: String? = nil,
    fetchType: TemplateFetchType = .base
  ) -> TemplateFetchRequest {
    TemplateFetchRequest(etag: etag, timeout: .seconds(30), context: context, fetchType: fetchType)
  }

  /// The template a `.template` answer holds.
  static func template(_ response: TemplateFetchResponse) throws -> Template {
    guard case .template(let body, _) = response else {
      throw TemplateSourceError.invalidResponse("expected a template, got \(response)")
    }
    return try Template(jsonBytes: body)
  }

  /// Every parameter's key and default value.
  static func entries(_ template: Template) -> [String: String] {
    var entries: [String: String] = [:]
    for parameter in template.parameters {
      if case .value(let value)? = parameter.defaultValue { entries[parameter.key] = value }
    }
    return entries
  }

  @Test("the fetch sends Android's headers and the context's fields as strict camelCase JSON")
  func request() async throws {
    try await Fixture.with { fixture in
      try fixture.google.publishTemplate(Fixture.template, project: Fixture.project)
      var options = fixture.options
      options.platformVersion = "17.4"
      options.timeZone = "Asia/Tokyo"
      let installations = fixture.installations(options: options)
      let source = FirebaseAppTemplateSource(installations: installations, timeSource: fixture.time)
      let context = EvaluationContext(
        randomizationID: "kept-locally", customSignals: ["stage": "elementary", "year": 2],
        appVersion: "2.3.0", appBuild: "230", platform: "ios", country: "JP", language: "ja-JP",
        userProperties: ["plan": "free"],
        firstOpenTime: Date(timeIntervalSince1970: 1_767_225_600.5))
      _ = try await source.fetchTemplate(Self.request(context))
      let installation = try await installations.currentInstallation(timeout: .seconds(1))
      let sent = try #require(fixture.google.requests(to: Self.fetchPath).first)
      #expect(sent.method == "POST")
      #expect(sent.target == "/v1/projects/\(Fixture.projectNumber)/namespaces/firebase:fetch")
      #expect(sent.header("X-Goog-Api-Key") == Fixture.apiKey)
      #expect(sent.header("X-Goog-Firebase-Installations-Auth") == installation.authToken)
      #expect(sent.header("X-Firebase-RC-Fetch-Type") == "BASE/1")
      #expect(sent.header("X-Google-GFE-Can-Retry") == "yes")
      #expect(sent.header("Content-Type") == "application/json")
      #expect(sent.header("Accept") == "application/json")
      #expect(sent.header("Accept-Encoding") == "gzip")
      #expect(sent.header("X-Ios-Bundle-Identifier") == "school.app")
      #expect(sent.header("If-None-Match") == nil)
      #expect(!sent.target.contains("key="))
      let expected: JSONValue = [
        "appInstanceId": .string(installation.fid),
        "appInstanceIdToken": .string(installation.authToken),
        "appId": .string(Fixture.appID), "countryCode": "JP", "languageCode": "ja-JP",
        "platformVersion": "17.4", "timeZone": "Asia/Tokyo", "appVersion": "2.3.0",
        "appBuild": "230", "packageName": "school.app",
        "sdkVersion": .string(SwitchyardVersion.current),
        "analyticsUserProperties": ["plan": "free"],
        "firstOpenTime": "2026-01-01T00:00:00.500Z",
        "customSignals": ["stage": "elementary", "year": "2"],
      ]
      #expect(try JSONParser().parse(sent.body) == expected)
    }
  }

  @Test("fields with nothing to say are left out, never sent empty")
  func absentFields() async throws {
    try await Fixture.with { fixture in
      try fixture.google.publishTemplate(Fixture.template, project: Fixture.project)
      var options = fixture.options
      options.packageName = nil
      options.timeZone = ""
      let source = FirebaseAppTemplateSource(
        installations: fixture.installations(options: options), timeSource: fixture.time)
      _ = try await source.fetchTemplate(Self.request(EvaluationContext(appVersion: "")))
      let sent = try #require(fixture.google.requests(to: Self.fetchPath).first)
      let body = try #require(try JSONParser().parse(sent.body).objectValue)
      #expect(Set(body.keys) == ["appInstanceId", "appInstanceIdToken", "appId", "sdkVersion"])
      #expect(sent.header("X-Ios-Bundle-Identifier") == nil)
    }
  }

  @Test("a known ETag goes as If-None-Match, and a real-time fetch says REALTIME/<attempt>")
  func conditionalRealtime() async throws {
    try await Fixture.with { fixture in
      try fixture.google.publishTemplate(Fixture.template, project: Fixture.project)
      let source = fixture.app().remoteConfigSource
      guard case .template(_, let etag?) = try await source.fetchTemplate(Self.request()) else {
        Issue.record("expected a template with an ETag")
        return
      }
      let again = try await source.fetchTemplate(
        Self.request(etag: etag, fetchType: .realtime(attempt: 2)))
      #expect(again == .notModified)
      let sent = try #require(fixture.google.requests(to: Self.fetchPath).last)
      #expect(sent.header("If-None-Match") == etag)
      #expect(sent.header("X-Firebase-RC-Fetch-Type") == "REALTIME/2")
    }
  }

  @Test(
    "custom signals over Firebase's limits are refused, naming the signal, and nothing is sent",
    arguments: [
      (
        [String(repeating: "k", count: 251): CustomSignalValue.string("v")],
        "has a key of 251 characters; Firebase takes at most 250"
      ),
      (["long": .string(String(repeating: "v", count: 501))], "'long' has a value of 501"),
      (
        Dictionary(
          uniqueKeysWithValues: (0...100).map {
            ("s\($0)", CustomSignalValue.number(JSONNumber($0)))
          }),
        "101 custom signals; Firebase takes at most 100"
      ),
    ])
  func signalLimits(signals: [String: CustomSignalValue], message: String) async throws {
    try await Fixture.with { fixture in
      let source = fixture.app().remoteConfigSource
      await #expect {
        _ = try await source.fetchTemplate(Self.request(EvaluationContext(customSignals: signals)))
      } throws: { error in
        guard case .invalidRequest(let text) = error as? TemplateSourceError else { return false }
        return text.contains(message)
      }
      #expect(fixture.google.server.requests.isEmpty)
    }
    // At the limits exactly, the fetch goes.
    let atLimits: [String: CustomSignalValue] = [
      String(repeating: "k", count: 250): .string(String(repeating: "v", count: 500))
    ]
    #expect(throws: Never.self) { try FirebaseAppFetchBody.check(atLimits) }
  }

  /// An answer of the fetch and what the source makes of it.
  struct Answer: Sendable, CustomTestStringConvertible {
    let name: String
    let body: JSONValue
    let sentETag: String?
    /// The entries and version of the template, or nil when no template is expected.
    let entries: [String: String]?
    let version: Int?
    var testDescription: String { name }
  }

  @Test(
    "each state of the answer maps to the client's vocabulary",
    arguments: [
      Answer(
        name: "UPDATE", body: ["state": "UPDATE", "entries": ["a": "1"], "templateVersion": "42"],
        sentETag: nil, entries: ["a": "1"], version: 42),
      Answer(
        name: "no state (Android: an update)", body: ["entries": ["a": "1", "b": ""]],
        sentETag: nil, entries: ["a": "1", "b": ""], version: nil),
      Answer(
        name: "an unknown state (Android: an update)",
        body: ["state": "SOMETHING_NEW", "entries": ["a": "1"]], sentETag: nil,
        entries: ["a": "1"], version: nil),
      Answer(
        name: "EMPTY_CONFIG", body: ["state": "EMPTY_CONFIG", "templateVersion": "7"],
        sentETag: "e", entries: [:], version: 7),
      Answer(
        name: "NO_TEMPLATE", body: ["state": "NO_TEMPLATE"], sentETag: nil, entries: [:],
        version: nil),
      Answer(
        name: "NO_CHANGE", body: ["state": "NO_CHANGE", "templateVersion": "42"], sentETag: "e",
        entries: nil, version: nil),
      Answer(
        name: "NO_CHANGE to a request without an ETag (the client decides what it keeps)",
        body: ["state": "NO_CHANGE"], sentETag: nil, entries: nil, version: nil),
    ])
  func states(_ answer: Answer) async throws {
    try await Fixture.with { fixture in
      fixture.google.enqueue(
        Self.fetchPath, .json(answer.body, headers: [(name: "ETag", value: "e2")]))
      let response = try await fixture.app().remoteConfigSource.fetchTemplate(
        Self.request(etag: answer.sentETag))
      guard let entries = answer.entries else {
        #expect(response == .notModified)
        return
      }
      guard case .template(_, let etag) = response else {
        Issue.record("expected a template, got \(response)")
        return
      }
      #expect(etag == "e2")
      let template = try Self.template(response)
      #expect(Self.entries(template) == entries)
      #expect(template.versionNumber == answer.version)
      #expect(template.conditions.isEmpty)
    }
  }

  @Test(
    "templateVersion is read as Android reads it: an integer, or no version",
    arguments: [
      (JSONValue.string("42"), Optional(42)), (.number(JSONNumber(42)), 42), (.string("x"), nil),
      (.string("-1"), nil), (.string(""), nil), (.bool(true), nil),
    ])
  func templateVersion(value: JSONValue, expected: Int?) async throws {
    try await Fixture.with { fixture in
      fixture.google.enqueue(Self.fetchPath, .json(["entries": [:], "templateVersion": value]))
      let response = try await fixture.app().remoteConfigSource.fetchTemplate(Self.request())
      #expect(try Self.template(response).versionNumber == expected)
    }
  }

  @Test(
    "answers that say nothing or cannot be read are errors naming what is wrong",
    arguments: [
      (
        LoopbackResponse.json(["state": "INSTANCE_STATE_UNSPECIFIED"]), "INSTANCE_STATE_UNSPECIFIED"
      ),
      (.json(["entries": ["limit": 3]]), "member 'entries.limit' is a number, not a string"),
      (.json(["entries": ["a", "b"]]), "member 'entries' is an array, not an object"),
      (.json(["state": 1]), "member 'state' is a number"),
      (.ok("not json"), "not a JSON object"),
      (
        .json(["error": ["code": 429, "message": "Too many", "status": "RESOURCE_EXHAUSTED"]]),
        "HTTP 429 RESOURCE_EXHAUSTED: Too many"
      ),
    ])
  func unreadable(response: LoopbackResponse, message: String) async throws {
    try await Fixture.with { fixture in
      fixture.google.enqueue(Self.fetchPath, response)
      await #expect {
        _ = try await fixture.app().remoteConfigSource.fetchTemplate(Self.request())
      } throws: { error in
        "\(error)".contains(message)
      }
    }
  }

  @Test("HTTP 304 is not modified")
  func notModified() async throws {
    try await Fixture.with { fixture in
      fixture.google.enqueue(Self.fetchPath, .notModified(etag: "e"))
      let response = try await fixture.app().remoteConfigSource.fetchTemplate(
        Self.request(etag: "e"))
      #expect(response == .notModified)
    }
  }

  @Test("the metadata members are kept as the template's unknown members")
  func metadata() async throws {
    try await Fixture.with { fixture in
      try fixture.google.publishTemplate(Fixture.template, project: Fixture.project)
      let rollouts: JSONValue = [
        ["rolloutId": "r1", "variantId": "v1", "affectedParameterKeys": ["limit"]]
      ]
      let personalization: JSONValue = ["welcome": ["personalizationId": "p1", "armIndex": 0]]
      let experiments: JSONValue = [
        ["experimentId": "e1", "variantId": "1", "affectedParameterKeys": ["welcome"]]
      ]
      let metadata = JSONObject([
        ("rolloutMetadata", rollouts), ("personalizationMetadata", personalization),
        ("experimentDescriptions", experiments),
      ])
      fixture.google.setAppFetchMetadata(metadata, project: Fixture.project)
      let template = try Self.template(
        try await fixture.app().remoteConfigSource.fetchTemplate(Self.request()))
      #expect(template.otherMembers.members == metadata)
      #expect(Self.entries(template) == ["welcome": "hi", "limit": "3"])
    }
  }

  @Test("a refusal keeps Google's message and a hint; a 401 makes the next fetch renew the token")
  func refusals() async throws {
    try await Fixture.with { fixture in
      try fixture.google.publishTemplate(Fixture.template, project: Fixture.project)
      let installations = fixture.installations()
      let source = FirebaseAppTemplateSource(installations: installations, timeSource: fixture.time)
      fixture.google.enqueue(
        Self.fetchPath,
        .googleError(
          code: 403, status: "PERMISSION_DENIED",
          message: "Requests to this API firebaseremoteconfig.googleapis.com are blocked."))
      await #expect {
        _ = try await source.fetchTemplate(Self.request())
      } throws: { error in
        guard let google = (error as? TemplateSourceError)?.underlying(as: GoogleAPIError.self)
        else { return false }
        return google.httpStatus == 403 && google.message.hasPrefix("Requests to this API")
          && google.hint?.contains("API key's restrictions") == true
      }
      let first = try await installations.currentInstallation(timeout: .seconds(1))
      fixture.google.enqueue(
        Self.fetchPath,
        .googleError(code: 401, status: "UNAUTHENTICATED", message: "Token expired."))
      await #expect(throws: TemplateSourceError.self) {
        _ = try await source.fetchTemplate(Self.request())
      }
      _ = try await source.fetchTemplate(Self.request())
      let renewed = try await installations.currentInstallation(timeout: .seconds(1))
      #expect(renewed.fid == first.fid)
      #expect(renewed.authToken != first.authToken)
      #expect(fixture.google.authTokenRequests(project: Fixture.project).count == 1)
    }
  }

  @Test("no error holds the API key or a token, even when Google echoes them")
  func secrets() async throws {
    try await Fixture.with { fixture in
      let installations = fixture.installations()
      let source = FirebaseAppTemplateSource(installations: installations, timeSource: fixture.time)
      let installation = try await installations.currentInstallation(timeout: .seconds(1))
      let echo =
        "key \(Fixture.apiKey) token \(installation.authToken) refresh \(installation.refreshToken)"
      var texts: [String] = []
      for response in [
        LoopbackResponse.googleError(code: 400, status: "INVALID_ARGUMENT", message: echo),
        .json(["error": ["code": 500, "message": .string(echo)]]),
        .ok(echo),
      ] {
        fixture.google.enqueue(Self.fetchPath, response)
        do {
          _ = try await source.fetchTemplate(Self.request())
        } catch {
          texts += ["\(error)", String(reflecting: error)]
        }
      }
      #expect(texts.count == 6)
      for text in texts {
        for secret in fixture.secrets { #expect(!text.contains(secret), "\(text)") }
      }
    }
  }

  /// A grade-2 context opened at 1970's first instant, with `change` made to it.
  static func grade2(_ change: String) -> EvaluationContext {
    var context = EvaluationContext(
      customSignals: ["year": 2], firstOpenTime: Date(timeIntervalSince1970: 0))
    switch change {
    case "year as text": context.customSignals["year"] = "2"
    case "year 3": context.customSignals["year"] = 3
    case "randomization ID": context.randomizationID = "r7"
    case "now": context.now = Date(timeIntervalSince1970: 86_400)
    case "first open 0.4 ms later": context.firstOpenTime = Date(timeIntervalSince1970: 0.0004)
    case "first open 2 ms later": context.firstOpenTime = Date(timeIntervalSince1970: 0.002)
    case "app version": context.appVersion = "1.2"
    case "country": context.country = "JP"
    case "user property": context.userProperties = ["grade": "2"]
    default: break
    }
    return context
  }

  @Test(
    "a context asks Firebase something new only when the fetch body it sends differs",
    arguments: [
      ("nothing", false),
      // Signals are sent as strings: 2 and "2" are one request.
      ("year as text", false),
      ("year 3", true),
      // The randomization ID and `now` stay with the client.
      ("randomization ID", false), ("now", false),
      // First open time is sent in milliseconds.
      ("first open 0.4 ms later", false), ("first open 2 ms later", true),
      ("app version", true), ("country", true), ("user property", true),
    ])
  func requestDiffers(change: String, differs: Bool) async throws {
    try await Fixture.with { fixture in
      let source = fixture.app().remoteConfigSource
      #expect(
        source.requestDiffers(for: Self.grade2(change), from: Self.grade2("nothing")) == differs)
    }
  }
}
