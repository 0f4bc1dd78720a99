import Core
import Foundation

/// The versions of one namespace's template in one project, kept as JSON exactly as
/// published: members the fake does not know (rollout values, parameter groups, tag colours,
/// anything new) come back as they went in, numbers spelled as they were.
///
/// Version 0 is the empty template `{}` a namespace has before its first publish (the fake's
/// choice: what Google answers for a project that never published is not documented).
struct TemplateHistory: Sendable {
  /// Each published template, its `version` member included: `templates[n - 1]` is version n.
  private(set) var templates: [JSONObject] = []

  /// The current version's number; 0 before the first publish.
  var currentNumber: Int { templates.count }

  /// Version `number`'s template; `{}` for 0; nil for a version that does not exist.
  func template(_ number: Int) -> JSONObject? {
    if number == 0 { return JSONObject() }
    guard number > 0, number <= templates.count else { return nil }
    return templates[number - 1]
  }

  /// The current template.
  var current: JSONObject { templates.last ?? JSONObject() }

  /// Stores `content` as the next version and returns it: `content`'s members in their order
  /// without `etag` (the SDKs' synthetic field) and without the `version` it came with,
  /// then `version` built from `metadata`.
  @discardableResult
  mutating func publish(_ content: JSONObject, metadata: VersionMetadata) -> JSONObject {
    var template = JSONObject()
    for (key, value) in content where key != "etag" && key != "version" {
      template[key] = value
    }
    template["version"] = .object(metadata.object(number: currentNumber + 1))
    templates.append(template)
    return template
  }
}

/// What the service writes into a new version's `version` object (firebase-services.md §3.4;
/// field order as in firebase-admin-node's list-versions fixture,
/// `remote-config-api-client.spec.ts`, `TEST_VERSIONS_RESULT`).
struct VersionMetadata: Sendable {
  /// `updateTime`.
  var time: Date
  /// `updateUser.email`.
  var email: String
  /// `updateOrigin`: `REST_API` for the fake's API, `CONSOLE` for what tests seed.
  var origin: String
  /// `updateType`: `INCREMENTAL_UPDATE`, `FORCED_UPDATE` or `ROLLBACK`.
  var type: String
  /// `description`, the one field a publisher sets.
  var description: String?
  /// `rollbackSource`, on rollbacks.
  var rollbackSource: Int?

  /// The `version` object for version `number`: `versionNumber` and `rollbackSource` as
  /// strings (int64 in proto JSON), `updateTime` RFC 3339 in UTC.
  func object(number: Int) -> JSONObject {
    var version = JSONObject()
    version["versionNumber"] = .string(String(number))
    version["updateTime"] = .string(Timestamp.formatPrecisely(time))
    version["updateUser"] = ["email": .string(email)]
    if let description { version["description"] = .string(description) }
    version["updateOrigin"] = .string(origin)
    version["updateType"] = .string(type)
    if let rollbackSource { version["rollbackSource"] = .string(String(rollbackSource)) }
    return version
  }
}

/// A project the fake serves.
struct FakeProject: Sendable {
  /// The project number, which etags carry.
  var number: Int
  /// When set, every Remote Config call answers 403 with this message.
  var denial: String?
  /// The templates, by namespace.
  var histories: [FakeRemoteConfigNamespace: TemplateHistory] = [:]

  /// `etag-<projectNumber>-<versionNumber>`, the format of Google's ETag header
  /// (firebase-services.md §1.2; firebase-admin-node `remote-config.spec.ts:183`).
  func etag(version: Int) -> String {
    "etag-\(number)-\(version)"
  }
}
