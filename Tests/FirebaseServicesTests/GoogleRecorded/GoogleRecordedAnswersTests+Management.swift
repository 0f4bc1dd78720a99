@testable import ConfigClient
@testable import ConfigEngine
import Core
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

/// firebase-admin-node's recorded management answers and server template, through
/// `FirebaseManagementClient` and `FirebaseServerTemplateSource`.
extension GoogleRecordedAnswersTests {
  static let resource = "/v1/projects/my-app/remoteConfig"

  static func management(_ server: LoopbackHTTPServer) throws -> FirebaseManagementClient {
    FirebaseManagementClient(
      projectID: "my-app", credentials: TestCredentials(),
      endpoint: try FirebaseEndpoint(base: server.url("").absoluteString))
  }

  /// A template to publish or validate, as pulled.
  static func pulled() throws -> Template {
    var template = try Template(
      json: #"{"parameters": {"param": {"defaultValue": {"value": "true"}}}}"#)
    template.etag = "etag-123456789012-5"
    return template
  }

  /// Recorded file `name` as the management client hands it back: Google's members in
  /// Google's order, with `etag` added.
  static func answered(_ name: String, etag: String) throws -> JSONValue {
    var object = try #require(try Self.document(name).objectValue)
    object["etag"] = .string(etag)
    return .object(object)
  }

  /// The warning reading gives about `exp`, a condition element no version knows.
  static func isAboutExp(_ warning: TemplateProblem) -> Bool {
    warning.kind == .unknownConditionElement && warning.severity == .warning
      && warning.location == "condition 'ios', column 1"
      && warning.message.hasPrefix("'exp' is not known to this version of Switchyard")
  }

  @Test("a template answer keeps every value kind, the version's members and the ETag header")
  func getTemplate() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(
        at: Self.resource,
        try GoogleRecorded.response(
          "admin_REMOTE_CONFIG_RESPONSE_wire.json", headers: [("ETag", "etag-123456789012-5")]))
      let answer = try await Self.management(server).template()
      let template = answer.template
      #expect(answer.etag == "etag-123456789012-5")
      #expect(template.etag == "etag-123456789012-5")
      #expect(answer.versionNumber == 86)
      #expect(answer.warnings.isEmpty)
      #expect(
        answer.json
          == (try Self.answered("admin_REMOTE_CONFIG_RESPONSE_wire.json", etag: answer.etag)))
      #expect(template.version?.otherMembers["updateOrigin"] == "ADMIN_SDK_NODE")
      #expect(template.conditions.map(\.name) == ["ios"])
      #expect(template.conditions.first?.tagColor == "BLUE")
      #expect(
        template.parameters.map(\.key) == [
          "holiday_promo_enabled", "new_ui_enabled", "personalized_welcome_message",
          "experiment_enabled", "pumpkin_spice_season",
        ])
      let kinds = template.parameters.flatMap(\.conditionalValues).map { conditional in
        switch conditional.value {
        case .value: "value"
        case .useInAppDefault: "useInAppDefault"
        case .unsupported(let kind, _): kind
        }
      }
      #expect(
        kinds == [
          "useInAppDefault", "rolloutValue", "personalizationValue", "experimentValue", "value",
        ])
      #expect(try TemplateWriter().document(template) == answer.json)
    }
  }

  @Test(
    "firebase-admin's test answers, whose condition is 'exp', are read: the condition is text")
  func expressionExp() async throws {
    try await LoopbackHTTPServer.with { server in
      for file in ["admin_TEST_RESPONSE.json", "admin_TEST_RESPONSE_validexpr.json"] {
        server.enqueue(
          at: Self.resource,
          try GoogleRecorded.response(file, headers: [("ETag", "etag-123456789012-6")]))
      }
      let management = try Self.management(server)
      for (file, expression) in [
        ("admin_TEST_RESPONSE.json", "exp"),
        ("admin_TEST_RESPONSE_validexpr.json", "device.os == 'ios'"),
      ] {
        let answer = try await management.template()
        #expect(answer.json == (try Self.answered(file, etag: "etag-123456789012-6")))
        #expect(answer.template.conditions.first?.expression == expression)
        #expect(answer.versionNumber == 86)
        #expect(answer.template.parameters.map(\.key) == ["param", "paramabc"])
        #expect(answer.etag == "etag-123456789012-6")
        #expect(answer.warnings.count == (expression == "exp" ? 1 : 0))
        #expect(answer.warnings.allSatisfy(Self.isAboutExp))
      }
    }
  }

  @Test("a validation, a publish and a rollback Google answered 200 succeed, whatever 'exp' is")
  func acceptedChanges() async throws {
    try await LoopbackHTTPServer.with { server in
      let answer = try GoogleRecorded.response(
        "admin_TEST_RESPONSE.json", headers: [("ETag", "etag-123456789012-0")])
      server.enqueue(at: Self.resource, answer)
      let management = try Self.management(server)
      let validated = try await management.validate(try Self.pulled())
      #expect(validated.etag == "etag-123456789012-5")
      #expect(validated.warnings.count == 1)
      #expect(validated.warnings.allSatisfy(Self.isAboutExp))

      server.enqueue(
        at: Self.resource,
        try GoogleRecorded.response(
          "admin_TEST_RESPONSE.json", headers: [("ETag", "etag-123456789012-6")]))
      let published = try await management.publish(try Self.pulled())
      #expect(published.versionNumber == 86)
      #expect(published.etag == "etag-123456789012-6")
      #expect(published.warnings.count == 1)
      #expect(published.warnings.allSatisfy(Self.isAboutExp))

      server.enqueue(
        at: Self.resource + ":rollback",
        try GoogleRecorded.response(
          "admin_TEST_RESPONSE.json", headers: [("ETag", "etag-123456789012-7")]))
      let rolledBack = try await management.rollback(to: 85)
      #expect(rolledBack.versionNumber == 86)
      #expect(rolledBack.etag == "etag-123456789012-7")
      #expect(
        rolledBack.json == (try Self.answered("admin_TEST_RESPONSE.json", etag: rolledBack.etag)))
    }
  }

  @Test("a version list keeps each version's number, type, user and rollback source")
  func versions() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(
        at: Self.resource + ":listVersions",
        try GoogleRecorded.response("admin_TEST_VERSIONS_RESULT.json"))
      let versions = try await Self.management(server).versions(limit: 2)
      #expect(versions.map(\.versionNumber) == [78, 77])
      #expect(versions.map(\.updateType) == ["ROLLBACK", "INCREMENTAL_UPDATE"])
      #expect(versions.first?.rollbackSource == 76)
      #expect(versions.first?.description == "Rollback to version 76")
      #expect(versions.first?.updateUser?.email == "user@gmail.com")
      #expect(versions.first?.updateTime == "2020-05-07T18:46:09.495Z")
      #expect(versions.first?.updateUser?.imageURL == "https://photo.jpg")
    }
  }

  @Test(
    "Google's errors surface with their status and message; VERSION_MISMATCH is a stale etag",
    arguments: [
      ("admin_ERROR_RESPONSE_404.json", 404, "NOT_FOUND", "Requested entity not found"),
      (
        "admin_validation_error_0.json", 400, "FAILED_PRECONDITION",
        "[VALIDATION_ERROR]: [foo] are not valid condition names. All keys in all conditional"
          + " value maps must be valid condition names."
      ),
      (
        "admin_validation_error_1.json", 400, "FAILED_PRECONDITION",
        "[VERSION_MISMATCH]: Expected version 6, found 8 for project: 123456789012"
      ),
    ])
  func errors(file: String, status: Int, name: String, message: String) async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: Self.resource, try GoogleRecorded.response(file, status: status))
      let (management, template) = (try Self.management(server), try Self.pulled())
      do throws(FirebaseManagementError) {
        _ = try await management.publish(template)
        Issue.record("expected Google's error")
      } catch {
        let google: GoogleAPIError
        switch error {
        case .service(let error): google = error
        case .staleETag(let error):
          #expect(message.hasPrefix("[VERSION_MISMATCH]"))
          google = error
        default:
          Issue.record("expected Google's error, got \(error)")
          return
        }
        #expect(google.httpStatus == status)
        #expect(google.status == name)
        #expect(google.message == message)
      }
    }
  }

  @Test("the server template answer is evaluated as firebase-admin evaluates it, etag kept")
  func serverTemplate() async throws {
    try await LoopbackHTTPServer.with { server in
      server.enqueue(
        at: "/v1/projects/my-app/namespaces/firebase-server/serverRemoteConfig",
        try GoogleRecorded.response(
          "admin_SERVER_REMOTE_CONFIG_RESPONSE_wire.json",
          headers: [("ETag", "etag-123456789012-5")]))
      let source = FirebaseServerTemplateSource(
        projectID: "my-app", credentials: TestCredentials(),
        endpoint: try FirebaseEndpoint(base: server.url("").absoluteString))
      let client = RemoteConfigClient(
        source: source, store: InMemoryConfigStore(),
        defaults: InAppDefaults(["holiday_promo_enabled": "false"]))
      #expect(try await client.fetchAndActivate().fetch == .newTemplate(versionNumber: 86))
      #expect(await client.fetchedETag == "etag-123456789012-5")
      // Condition 'ios' is true for everyone; its value defers to the in-app default.
      #expect(client.snapshot["holiday_promo_enabled"].rawValue == "false")
      #expect(client.snapshot["holiday_promo_enabled"].source == .default)
    }
  }

  @Test(
    "firebase-admin's template objects, etag in the body, read as files with that etag",
    arguments: [
      ("admin_REMOTE_CONFIG_RESPONSE.json", "true"),
      ("admin_SERVER_REMOTE_CONFIG_RESPONSE.json", ""),
    ])
  func templateObjects(file: String, promo: String) throws {
    let template = try Template(jsonBytes: try GoogleRecorded.bytes(file))
    #expect(template.etag == "etag-123456789012-5")
    #expect(template.versionNumber == 86)
    // 'ios' is false for a context that is not iOS, so the default value applies; the server
    // template's is true for everyone and defers to the app, which has no default here: the
    // static value, empty, as firebase-admin's.
    let values = CompiledTemplate(template).evaluate(
      EvaluationContext(platform: "android"), now: TestTime.start)
    #expect(values["holiday_promo_enabled"].rawValue == promo)
    let published = try TemplateWriter(purpose: .publishing).document(template)
    #expect(published["etag"] == nil)
    #expect(published["version"] == ["description": "production version"])
  }
}
