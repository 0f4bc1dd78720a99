public import Core
import Foundation

extension FakeGoogle {
  /// Serves project `id` (number `number`, which etags carry), its namespaces at version 0,
  /// the empty template. Adding it again keeps its templates and changes its number.
  public func addProject(_ id: String, number: Int = 123_456_789_012) {
    state.withLock { state in
      if state.projects[id] == nil {
        state.projects[id] = FakeProject(number: number)
      } else {
        state.projects[id]?.number = number
      }
    }
  }

  /// Makes every Remote Config call on `project` (one added) answer 403 PERMISSION_DENIED
  /// with `message` (no IAM role; for an API never enabled Google says "Firebase Remote Config
  /// API has not been used in project N before or it is disabled. ...").
  public func denyAccess(
    to project: String, message: String = "The caller does not have permission"
  ) {
    state.withLock { $0.projects[project]?.denial = message }
  }

  /// Ends `denyAccess`.
  public func allowAccess(to project: String) {
    state.withLock { $0.projects[project]?.denial = nil }
  }

  /// Publishes `json` as the next version of `namespace`'s template, as the Firebase console
  /// would (`updateOrigin` `CONSOLE`, stamped with `now`), and returns its version number.
  /// Its `version` and `etag` members are replaced (`version.description` is kept unless
  /// `description` is given); everything else is kept as written. The current
  /// `firebase-server` version is what `serverRemoteConfig` serves.
  /// - Throws: `SetupError` for an unknown project or `json` that is not a JSON object.
  @discardableResult
  public func publishTemplate(
    _ json: String, project: String, namespace: FakeRemoteConfigNamespace = .firebase,
    description: String? = nil, email: String = "console-user@example.com"
  ) throws -> Int {
    guard let content = try? JSONParser().parse(json).objectValue else {
      throw SetupError(description: "the template to publish is not a JSON object")
    }
    let number = try state.withLock { state in
      let metadata = VersionMetadata(
        time: state.now, email: email, origin: "CONSOLE", type: "INCREMENTAL_UPDATE",
        description: description ?? content["version"]?["description"]?.stringValue)
      guard
        state.publish(content, project: project, namespace: namespace, metadata: metadata) != nil
      else { throw SetupError(description: "no project \(project): call addProject first") }
      return state.projects[project]?.histories[namespace]?.currentNumber ?? 0
    }
    // The open real-time streams hear of a new client template.
    announceNewVersions()
    return number
  }

  /// Version `version` (the current one when nil) of `namespace`'s template as stored, its
  /// `version` member included; nil for an unknown project or version.
  public func template(
    project: String, namespace: FakeRemoteConfigNamespace = .firebase, version: Int? = nil
  ) -> JSONValue? {
    state.withLock { state in
      guard let record = state.projects[project] else { return nil }
      let history = record.histories[namespace] ?? TemplateHistory()
      return history.template(version ?? history.currentNumber).map { .object($0) }
    }
  }

  /// The current version number of `namespace`'s template (0 before the first publish); nil
  /// for an unknown project.
  public func currentVersion(
    project: String, namespace: FakeRemoteConfigNamespace = .firebase
  ) -> Int? {
    state.withLock { state in
      state.projects[project].map { $0.histories[namespace]?.currentNumber ?? 0 }
    }
  }

  /// The ETag Google would send for `version` (the current one when nil):
  /// `etag-<projectNumber>-<versionNumber>`; nil for an unknown project.
  public func etag(
    project: String, namespace: FakeRemoteConfigNamespace = .firebase, version: Int? = nil
  ) -> String? {
    state.withLock { state in
      guard let record = state.projects[project] else { return nil }
      return record.etag(version: version ?? record.histories[namespace]?.currentNumber ?? 0)
    }
  }
}
