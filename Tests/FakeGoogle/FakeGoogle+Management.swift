import Core
import Foundation
import SwitchyardTestSupport

extension FakeGoogle {
  /// How the management API answers a publish whose `If-Match` is stale or missing.
  /// Google's answer is not settled (firebase-services.md §3.2): clients must handle both.
  public enum StaleETagAnswer: Sendable, Equatable {
    /// 400 FAILED_PRECONDITION, message `[VERSION_MISMATCH]: Expected version 6, found 8 for
    /// project: 123456789012`, as firebase-admin-node's tests model it
    /// (`remote-config-api-client.spec.ts:49-53`).
    case versionMismatch400
    /// 412 with the same body but code 412, as the older API description says
    /// (gogol-firebaseremoteconfig 0.5.0, `UpdateRemoteConfig`).
    case preconditionFailed412
  }

  /// The answer to a stale or missing `If-Match`: `.versionMismatch400` unless set.
  public var staleETagAnswer: StaleETagAnswer {
    get { state.withLock { $0.staleETagAnswer } }
    set { state.withLock { $0.staleETagAnswer = newValue } }
  }

  /// When set, every PUT (publish or validate only) that gets as far as validation answers
  /// 400 FAILED_PRECONDITION `[VALIDATION_ERROR]: <message>`: a template Google would refuse
  /// for a reason the fake does not check itself.
  public var validationError: String? {
    get { state.withLock { $0.validationError } }
    set { state.withLock { $0.validationError = newValue } }
  }

  /// `GET` and `PUT .../remoteConfig` (firebase-services.md §3.1).
  func answerRemoteConfig(
    _ request: LoopbackRequest, project: String, namespace: FakeRemoteConfigNamespace
  ) -> LoopbackResponse {
    let result = authorizedProject(request, project).flatMap { token, record in
      switch request.method {
      case "GET": getTemplate(request, record: record, namespace: namespace)
      case "PUT": updateTemplate(request, project: project, namespace: namespace, by: token)
      default: .failure(Refused(FakeGoogleErrors.methodNotFound))
      }
    }
    return result.either
  }

  /// `GET .../remoteConfig:listVersions`.
  func answerListVersions(
    _ request: LoopbackRequest, project: String, namespace: FakeRemoteConfigNamespace
  ) -> LoopbackResponse {
    guard request.method == "GET" else { return FakeGoogleErrors.methodNotFound }
    return authorizedProject(request, project).flatMap { _, record in
      listVersions(request, history: record.histories[namespace] ?? TemplateHistory())
    }.either
  }

  /// `POST .../remoteConfig:rollback`.
  func answerRollback(
    _ request: LoopbackRequest, project: String, namespace: FakeRemoteConfigNamespace
  ) -> LoopbackResponse {
    guard request.method == "POST" else { return FakeGoogleErrors.methodNotFound }
    return authorizedProject(request, project).flatMap { token, _ in
      rollback(request, project: project, namespace: namespace, by: token)
    }.either
  }

  // MARK: - get

  /// The current template, or `?versionNumber=N`'s, with its `ETag` header (§3.1 "get", "get
  /// at version"); 404 for a version that does not exist.
  private func getTemplate(
    _ request: LoopbackRequest, record: FakeProject, namespace: FakeRemoteConfigNamespace
  ) -> Result<LoopbackResponse, Refused> {
    let history = record.histories[namespace] ?? TemplateHistory()
    var number = history.currentNumber
    if let text = Self.query(request)["versionNumber"] {
      guard let requested = Self.versionNumber(text) else {
        return .failure(Refused(Self.badVersionNumber("version_number", text)))
      }
      number = requested
    }
    guard number > 0 || history.currentNumber == 0, let template = history.template(number) else {
      return .failure(Refused(FakeGoogleErrors.notFound))
    }
    return .success(.template(template, etag: record.etag(version: number)))
  }

  // MARK: - publish and validate

  /// `PUT .../remoteConfig[?validate_only=true]` with `If-Match` (§3.1 "validate", "publish",
  /// "force publish"): the body must be a JSON object; `If-Match` must be the current etag or
  /// `*`, else the stale answer (a missing `If-Match` too: the API description calls that a
  /// version mismatch, §3.2); the template must validate. Validation answers the template
  /// with an etag ending in `-0` and stores nothing; a publish stores the next version
  /// (`updateOrigin` `REST_API`, `updateType` `INCREMENTAL_UPDATE`, or `FORCED_UPDATE` for
  /// `*`, `updateUser` the token's holder, `description` the body's `version.description`;
  /// every other `version` field in the body is output only and ignored) and answers it with
  /// its new ETag.
  private func updateTemplate(
    _ request: LoopbackRequest, project: String, namespace: FakeRemoteConfigNamespace,
    by token: IssuedAccessToken
  ) -> Result<LoopbackResponse, Refused> {
    guard let content = (try? JSONParser().parse(request.body))?.objectValue else {
      return .failure(
        Refused(FakeGoogleErrors.invalidJSONPayload))
    }
    let query = Self.query(request)
    let validateOnly = [query["validate_only"], query["validateOnly"]].contains("true")
    return state.withLock { state -> Result<LoopbackResponse, Refused> in
      guard let current = state.projects[project] else {
        return .failure(Refused(FakeGoogleErrors.notFound))
      }
      let currentNumber = current.histories[namespace]?.currentNumber ?? 0
      let ifMatch = request.header("If-Match")
      let forced = ifMatch == "*"
      if !forced, ifMatch != current.etag(version: currentNumber) {
        return .failure(
          Refused(
            Self.staleETag(ifMatch, current: currentNumber, project: current, state.staleETagAnswer)
          ))
      }
      if let problem = state.validationError ?? Self.validationProblem(content) {
        return .failure(
          Refused(FakeGoogleErrors.failedPrecondition("[VALIDATION_ERROR]: \(problem)")))
      }
      let description = content["version"]?["description"]?.stringValue
      if validateOnly {
        var echoed = JSONObject()
        for (key, value) in content where key != "etag" && key != "version" { echoed[key] = value }
        if let description { echoed["version"] = ["description": .string(description)] }
        return .success(.template(echoed, etag: current.etag(version: 0)))
      }
      let metadata = VersionMetadata(
        time: state.now, email: token.email, origin: "REST_API",
        type: forced ? "FORCED_UPDATE" : "INCREMENTAL_UPDATE", description: description)
      return Self.published(
        state.publish(content, project: project, namespace: namespace, metadata: metadata))
    }
  }

  /// A publish's answer: the stored template and its ETag, or 404 for a project gone.
  private static func published(_ stored: (template: JSONObject, etag: String)?)
    -> Result<LoopbackResponse, Refused>
  {
    guard let stored else { return .failure(Refused(FakeGoogleErrors.notFound)) }
    return .success(.template(stored.template, etag: stored.etag))
  }

  /// The answer to an `If-Match` that is not the current etag: firebase-admin-node's
  /// message, with the version the etag named (or what was sent instead) and the current one.
  private static func staleETag(
    _ ifMatch: String?, current: Int, project: FakeProject, _ answer: StaleETagAnswer
  ) -> LoopbackResponse {
    let prefix = "etag-\(project.number)-"
    let expected: String
    if let ifMatch, ifMatch.hasPrefix(prefix), let number = Int(ifMatch.dropFirst(prefix.count)) {
      expected = String(number)
    } else {
      expected = ifMatch.map { "'\($0)'" } ?? "(no If-Match header)"
    }
    let message =
      "[VERSION_MISMATCH]: Expected version \(expected), found \(current) "
      + "for project: \(project.number)"
    let code = answer == .preconditionFailed412 ? 412 : 400
    return .googleError(code: code, status: "FAILED_PRECONDITION", message: message)
  }

  /// What the fake checks of a template, in Google's wording where known: the shapes of
  /// `conditions`, `parameters` and `parameterGroups`, and that every conditional value
  /// names a condition (firebase-admin-node's fixture message,
  /// `remote-config-api-client.spec.ts:49-53`). Nil when it passes.
  static func validationProblem(_ template: JSONObject) -> String? {
    var names: Set<String> = []
    if let conditions = template["conditions"] {
      guard let list = conditions.arrayValue else { return "conditions must be an array." }
      for condition in list {
        guard let name = condition["name"]?.stringValue, !name.isEmpty else {
          return "every condition must have a name."
        }
        names.insert(name)
      }
    }
    var parameterMaps: [JSONValue] = []
    if let parameters = template["parameters"] { parameterMaps.append(parameters) }
    if let groups = template["parameterGroups"] {
      guard let groupObject = groups.objectValue else {
        return "parameterGroups must be an object."
      }
      for (_, group) in groupObject {
        if let parameters = group["parameters"] { parameterMaps.append(parameters) }
      }
    }
    var unknown: [String] = []
    for map in parameterMaps {
      guard let parameters = map.objectValue else { return "parameters must be an object." }
      for (_, parameter) in parameters {
        guard let conditional = parameter["conditionalValues"] else { continue }
        guard let values = conditional.objectValue else {
          return "conditionalValues must be an object."
        }
        unknown += values.keys.filter { !names.contains($0) && !unknown.contains($0) }
      }
    }
    guard unknown.isEmpty else {
      return "[\(unknown.joined(separator: ", "))] are not valid condition names. All keys in "
        + "all conditional value maps must be valid condition names."
    }
    return nil
  }

  // MARK: - listVersions

  /// The most versions on a page, and the default: firebase-admin-node limits `pageSize` to
  /// 1-300 and the service keeps only the last 300 versions (§3.1).
  static let maximumPageSize = 300

  /// `GET .../remoteConfig:listVersions?pageSize&pageToken&endVersionNumber&startTime&endTime`
  /// (§3.1): the versions' `version` objects, newest first, at most `pageSize` (1-300,
  /// default 300) a page. `nextPageToken` is the number of the next version to list, as in
  /// firebase-admin-node's fixture (versions 78 and 77, then `"76"`), and is omitted on the
  /// last page; so is `versions` when empty (proto JSON leaves out empty lists).
  /// `endVersionNumber` is the newest version included; `startTime` and `endTime` (RFC 3339)
  /// keep versions updated at or after the first and before the second.
  private func listVersions(_ request: LoopbackRequest, history: TemplateHistory)
    -> Result<LoopbackResponse, Refused>
  {
    let query = Self.query(request)
    var pageSize = Self.maximumPageSize
    if let text = query["pageSize"] {
      guard let size = Int(text), (1...Self.maximumPageSize).contains(size) else {
        return .failure(
          Refused(
            FakeGoogleErrors.invalidArgument("pageSize must be between 1 and 300, not \(text).")))
      }
      pageSize = size
    }
    var newest = history.currentNumber
    for name in ["endVersionNumber", "pageToken"] {
      guard let text = query[name] else { continue }
      guard let number = Self.versionNumber(text) else {
        return .failure(
          Refused(
            name == "pageToken"
              ? FakeGoogleErrors.invalidArgument("Invalid page token.")
              : Self.badVersionNumber("end_version_number", text)))
      }
      newest = min(newest, number)
    }
    var times: [String: Date] = [:]
    for name in ["startTime", "endTime"] {
      guard let text = query[name] else { continue }
      guard let date = try? Timestamp.parse(text) else {
        return .failure(
          Refused(FakeGoogleErrors.invalidArgument("Invalid value at '\(name)': \"\(text)\"")))
      }
      times[name] = date
    }
    var versions: [JSONValue] = []
    var number = newest
    while number > 0, versions.count < pageSize {
      defer { number -= 1 }
      guard let version = history.template(number)?["version"] else { continue }
      if let updated = version["updateTime"]?.stringValue.flatMap({ try? Timestamp.parse($0) }) {
        if let start = times["startTime"], updated < start { continue }
        if let end = times["endTime"], updated >= end { continue }
      }
      versions.append(version)
    }
    var body = JSONObject()
    if !versions.isEmpty { body["versions"] = .array(versions) }
    if number > 0 { body["nextPageToken"] = .string(String(number)) }
    return .success(.json(.object(body)))
  }

  // MARK: - rollback

  /// `POST .../remoteConfig:rollback` with `{"versionNumber":"N"}` (§3.1; a number is taken
  /// too, and `?versionNumber=N` as firebase-tools sends it): publishes version N's content
  /// as a new version (`updateType` `ROLLBACK`, `rollbackSource` N, description "Rollback to
  /// version N" as in firebase-admin-node's fixture) and answers it with its ETag; 404 for a
  /// version that does not exist.
  private func rollback(
    _ request: LoopbackRequest, project: String, namespace: FakeRemoteConfigNamespace,
    by token: IssuedAccessToken
  ) -> Result<LoopbackResponse, Refused> {
    var text = Self.query(request)["versionNumber"]
    if text == nil, !request.body.isEmpty {
      guard let body = (try? JSONParser().parse(request.body))?.objectValue else {
        return .failure(
          Refused(FakeGoogleErrors.invalidJSONPayload))
      }
      switch body["versionNumber"] {
      case .string(let value)?: text = value
      case .number(let value)?: text = value.literal
      default: break
      }
    }
    guard let text else {
      return .failure(Refused(FakeGoogleErrors.invalidArgument("versionNumber is required.")))
    }
    guard let source = Self.versionNumber(text) else {
      return .failure(Refused(Self.badVersionNumber("version_number", text)))
    }
    return state.withLock { state -> Result<LoopbackResponse, Refused> in
      let history = state.projects[project]?.histories[namespace] ?? TemplateHistory()
      guard source > 0, let content = history.template(source) else {
        return .failure(Refused(FakeGoogleErrors.notFound))
      }
      let metadata = VersionMetadata(
        time: state.now, email: token.email, origin: "REST_API", type: "ROLLBACK",
        description: "Rollback to version \(source)", rollbackSource: source)
      return Self.published(
        state.publish(content, project: project, namespace: namespace, metadata: metadata))
    }
  }

  // MARK: - Helpers

  /// The request's query parameters (the last of a repeated name).
  static func query(_ request: LoopbackRequest) -> [String: String] {
    let items = URLComponents(string: "http://fake\(request.target)")?.queryItems ?? []
    var query: [String: String] = [:]
    for item in items { query[item.name] = item.value ?? "" }
    return query
  }

  /// A version number as int64 text: decimal digits, at least 0.
  static func versionNumber(_ text: String) -> Int? {
    guard !text.isEmpty, text.allSatisfy(\.isASCIIDigit) else { return nil }
    return Int(text)
  }

  /// Proto JSON's complaint about an int64 field that is not one.
  static func badVersionNumber(_ field: String, _ text: String) -> LoopbackResponse {
    FakeGoogleErrors.invalidArgument("Invalid value at '\(field)' (TYPE_INT64), \"\(text)\"")
  }
}

extension Result where Success == LoopbackResponse, Failure == Refused {
  /// The answer, whichever way it went.
  var either: LoopbackResponse {
    switch self {
    case .success(let response): response
    case .failure(let refused): refused.response
    }
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
