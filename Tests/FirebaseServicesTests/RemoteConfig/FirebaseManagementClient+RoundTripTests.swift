import ConfigEngine
import Core
import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

/// A pulled template published back: everything Switchyard does not model goes back as it
/// came, `version` keeps only its description, and an edit changes only what it edits.
@Suite("FirebaseManagementClient pull and publish", .timeLimit(.minutes(3)))
struct FirebaseManagementClientRoundTripTests {
  /// A client template with everything Switchyard does not model: rollout, personalization
  /// and experiment values, groups, descriptions, tag colours, unknown fields at every level,
  /// and Firebase's output-only version fields.
  static let clientTemplate = #"""
    {
      "conditions": [
        {"name": "ios", "expression": "device.os == 'ios'", "tagColor": "BLUE", "futureField": {"x": 1}},
        {"name": "beta", "expression": "percent('beta') <= 10", "tagColor": "DEEP_ORANGE"}
      ],
      "parameters": {
        "welcome": {
          "defaultValue": {"value": "hi"},
          "conditionalValues": {"ios": {"value": "hello iOS"}},
          "description": "Greeting",
          "valueType": "STRING"
        },
        "rollout_flag": {
          "defaultValue": {"value": "false"},
          "conditionalValues": {"beta": {"rolloutValue": {"rolloutId": "rollout_1", "value": "true", "percent": 50}}},
          "valueType": "BOOLEAN"
        },
        "personalized": {"defaultValue": {"personalizationValue": {"personalizationId": "p_1"}}},
        "experiment": {
          "defaultValue": {"value": "a"},
          "conditionalValues": {"ios": {"experimentValue": {"experimentId": "e_1",
            "variantValue": [{"variantId": "v1", "value": "b"}, {"variantId": "v2", "noChange": true}],
            "exposurePercent": 20}}}
        },
        "in_app": {"defaultValue": {"useInAppDefault": true}, "futureParameterField": [1, 2.50, null]}
      },
      "parameterGroups": {
        "Onboarding": {
          "description": "First run",
          "parameters": {"tutorial": {"defaultValue": {"value": "on"}, "valueType": "STRING"}},
          "futureGroupField": "kept"
        }
      },
      "version": {
        "versionNumber": "12", "updateTime": "2026-01-01T00:00:00.123456Z",
        "updateUser": {"email": "dev@example.com"}, "updateOrigin": "CONSOLE",
        "updateType": "INCREMENTAL_UPDATE", "description": "twelve", "isLegacy": false
      },
      "somethingNew": {"kept": true}
    }
    """#

  /// `document` as the publish body should be: without `etag`, and with `version` reduced to
  /// its description (or gone when it has none).
  static func publishingForm(_ document: JSONValue) throws -> JSONObject {
    var object = try #require(document.objectValue)
    object["etag"] = nil
    if let description = object["version"]?["description"] {
      object["version"] = ["description": description]
    } else {
      object["version"] = nil
    }
    return object
  }

  static func templates() throws -> [(String, RemoteConfigNamespace)] {
    [
      (clientTemplate, .client),
      (try TemplateFixtures.text("server-template.json"), .server),
    ]
  }

  @Test(
    "a template pulled and published unedited goes back as it came, minus output-only fields",
    arguments: try templates())
  func unedited(json: String, namespace: RemoteConfigNamespace) async throws {
    try await LoopbackHTTPServer.with { server in
      let path =
        namespace == .client
        ? "/v1/projects/my-app/remoteConfig"
        : "/v1/projects/my-app/namespaces/firebase-server/remoteConfig"
      server.enqueue(at: path, .ok(json, etag: "etag-42-12"), .ok(json, etag: "etag-42-13"))
      let management = try FirebaseManagementClientTests.management(server, namespace: namespace)
      let pulled = try await management.template().template
      _ = try await management.publish(pulled)
      let sent = try #require(server.requests.last)
      #expect(sent.header("If-Match") == "etag-42-12")
      let original = try JSONParser().parse(json)
      #expect(try JSONParser().parse(sent.body) == .object(try Self.publishingForm(original)))
    }
  }

  @Test("an edit changes only what it edits; everything else goes back as it came")
  func edited() async throws {
    try await LoopbackHTTPServer.with { server in
      let path = "/v1/projects/my-app/remoteConfig"
      server.enqueue(
        at: path, .ok(Self.clientTemplate, etag: "etag-42-12"),
        .ok(Self.clientTemplate, etag: "etag-42-13"))
      let management = try FirebaseManagementClientTests.management(server)
      var template = try await management.template().template
      let index = try #require(template.parameters.firstIndex { $0.key == "welcome" })
      template.parameters[index].defaultValue = .value("hello")
      template.version?.description = "friendlier"
      _ = try await management.publish(template)

      var expected = try Self.publishingForm(try JSONParser().parse(Self.clientTemplate))
      var parameters = try #require(expected["parameters"]?.objectValue)
      var welcome = try #require(parameters["welcome"]?.objectValue)
      welcome["defaultValue"] = ["value": "hello"]
      parameters["welcome"] = .object(welcome)
      expected["parameters"] = .object(parameters)
      expected["version"] = ["description": "friendlier"]
      let sent = try #require(server.requests.last)
      #expect(try JSONParser().parse(sent.body) == .object(expected))
    }
  }
}
