import ConfigClient
import ConfigEngine
public import Core
import Foundation
import SwitchyardTestSupport

extension FakeGoogle {
  /// The members of the app fetch's body (Android's strict-JSON camelCase names,
  /// firebase-rc-client.md §2.1): any other name is refused, as proto JSON refuses an unknown
  /// one.
  static let appFetchFields: Set<String> = [
    "appInstanceId", "appInstanceIdToken", "appId", "countryCode", "languageCode",
    "platformVersion", "timeZone", "appVersion", "appBuild", "packageName", "sdkVersion",
    "analyticsUserProperties", "firstOpenTime", "customSignals",
  ]

  /// Sets the metadata members every app fetch of `project` answers with beside the values
  /// (`experimentDescriptions`, `personalizationMetadata`, `rolloutMetadata`); they take part
  /// in the ETag, so a change of them alone is an `UPDATE`.
  public func setAppFetchMetadata(_ members: JSONObject, project: String) {
    state.withLock { $0.appFetchMetadata[project] = members }
  }

  /// `POST /v1/projects/{project}/namespaces/firebase:fetch`: checks the API key, the
  /// installation's token and the body (strict JSON, the known names, string values), then
  /// evaluates the project's client template with Switchyard's engine for the fields sent
  /// (custom signals, app version and build, country, language, user properties, first open
  /// time; the FID is the randomization id) and answers the values whose source is `remote`
  /// as `entries`: `UPDATE` with an `ETag` over the values, version and metadata; `NO_CHANGE`
  /// when `If-None-Match` names them; `EMPTY_CONFIG` when no value is remote; `NO_TEMPLATE`
  /// before the first publish.
  func answerAppFetch(_ request: LoopbackRequest, project: String) -> LoopbackResponse {
    guard request.method == "POST" else { return FakeGoogleErrors.methodNotFound }
    let checked = Self.strictBody(request, allowed: Self.appFetchFields).flatMap { body in
      authorizedApp(
        appID: body["appId"]?.stringValue, apiKey: request.header("X-Goog-Api-Key"),
        path: project
      ).flatMap { app in checkAppFetch(request, body: body).map { (body, app) } }
    }
    switch checked {
    case .failure(let refused):
      return refused.response
    case .success(let (body, app)):
      return appFetchAnswer(request, body: body, app: app)
    }
  }

  /// The fields' types, the fetch type header and the installation's token.
  private func checkAppFetch(
    _ request: LoopbackRequest, body: JSONObject
  ) -> Result<Void, Refused> {
    for (name, value) in body {
      switch (name, value) {
      case ("analyticsUserProperties", .object(let object)), ("customSignals", .object(let object)):
        if let bad = object.first(where: { $0.value.stringValue == nil }) {
          return .failure(
            Refused(
              FakeGoogleErrors.invalidArgument(
                "Invalid value at '\(name)[\(bad.key)]': expected a string.")))
        }
      case (_, .string) where name != "analyticsUserProperties" && name != "customSignals":
        continue
      default:
        return .failure(
          Refused(FakeGoogleErrors.invalidArgument("Invalid value at '\(name)'.")))
      }
    }
    let fetchType = request.header("X-Firebase-RC-Fetch-Type") ?? ""
    guard fetchType.wholeMatch(of: /(BASE|REALTIME)\/[1-9][0-9]*/) != nil else {
      return .failure(
        Refused(FakeGoogleErrors.invalidArgument("X-Firebase-RC-Fetch-Type is missing.")))
    }
    let token = request.header("X-Goog-Firebase-Installations-Auth")
    guard token == body["appInstanceIdToken"]?.stringValue,
      acceptsInstallationToken(token, fid: body["appInstanceId"]?.stringValue)
    else {
      return .failure(Refused(FakeGoogleErrors.invalidInstallationToken))
    }
    return .success(())
  }

  private func appFetchAnswer(
    _ request: LoopbackRequest, body: JSONObject, app: FakeFirebaseApp
  ) -> LoopbackResponse {
    let (template, version, metadata, now) = state.withLock { state in
      let history = state.projects[app.project]?.histories[.firebase] ?? TemplateHistory()
      return (
        history.current, history.currentNumber, state.appFetchMetadata[app.project] ?? JSONObject(),
        state.now
      )
    }
    guard version > 0 else { return .json(["state": "NO_TEMPLATE"]) }
    guard
      let compiled = try? CompiledTemplate(
        Template(jsonBytes: Array(JSONValue.object(template).jsonText.utf8)))
    else {
      return .googleError(code: 500, status: "INTERNAL", message: "The template does not read.")
    }
    let values = compiled.evaluate(
      Self.context(body, app: app), defaults: InAppDefaults(), now: now)
    var entries = JSONObject()
    for key in compiled.keys {
      guard let value = values.configValue(forKey: key), value.source == .remote else { continue }
      entries[key] = .string(value.rawValue)
    }
    var answer = JSONObject()
    answer["entries"] = .object(entries)
    answer["templateVersion"] = .string(String(version))
    for (name, value) in metadata { answer[name] = value }
    let etag =
      "etag-app-"
      + FileTemplateSource.etag(for: Array(JSONValue.object(answer).jsonText.utf8)).prefix(16)
    let headers = [(name: "ETag", value: etag)]
    if request.header("If-None-Match") == etag {
      return .json(
        ["state": "NO_CHANGE", "templateVersion": .string(String(version))], headers: headers)
    }
    answer["state"] = entries.isEmpty ? "EMPTY_CONFIG" : "UPDATE"
    if entries.isEmpty { answer["entries"] = nil }
    return .json(.object(answer), headers: headers)
  }

  /// The context Firebase evaluates a fetch for: the body's fields, the FID as the
  /// randomization id, the app's platform as `device.os`.
  private static func context(_ body: JSONObject, app: FakeFirebaseApp) -> EvaluationContext {
    func text(_ name: String) -> String? { body[name]?.stringValue }
    func strings(_ name: String) -> [String: String] {
      var result: [String: String] = [:]
      for (key, value) in body[name]?.objectValue ?? JSONObject() { result[key] = value.stringValue }
      return result
    }
    let platform = app.appID.split(separator: ":").dropFirst(2).first.map(String.init)
    return EvaluationContext(
      randomizationID: text("appInstanceId"),
      customSignals: strings("customSignals").mapValues { CustomSignalValue.string($0) },
      appID: text("appId"), appVersion: text("appVersion"), appBuild: text("appBuild"),
      platform: platform, country: text("countryCode"), language: text("languageCode"),
      userProperties: strings("analyticsUserProperties"), installationID: text("appInstanceId"),
      firstOpenTime: text("firstOpenTime").flatMap { try? Timestamp.parse($0) })
  }
}
