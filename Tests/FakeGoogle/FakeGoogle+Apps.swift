import Core
import Foundation
import SwitchyardTestSupport

extension FakeGoogle {
  /// Registers the Firebase app `appID` in `project` (one added), accepting `apiKey`: its
  /// installations, app fetches and real-time streams are served. The app id's project number
  /// becomes the project's number, so paths may name the project by id or by number.
  /// - Throws: `SetupError` for an unknown project or an app id that is not
  ///   `1:<number>:<platform>:<hex>`.
  public func addApp(_ appID: String, apiKey: String, project: String) throws {
    let parts = appID.split(separator: ":")
    guard parts.count == 4, let number = Int(parts[1]) else {
      throw SetupError(description: "\(appID) is not 1:<number>:<platform>:<hex>")
    }
    try state.withLock { state in
      guard state.projects[project] != nil else {
        throw SetupError(description: "no project \(project): call addProject first")
      }
      state.projects[project]?.number = number
      state.apps[appID] = FakeFirebaseApp(appID: appID, apiKey: apiKey, project: project)
    }
  }

  /// The project a path names, by id or by number.
  func projectID(named name: String) -> String? {
    state.withLock { state in
      if state.projects[name] != nil { return name }
      return state.projects.first { String($0.value.number) == name }?.key
    }
  }

  /// The app `appID` when `apiKey` is its key and it belongs to the project `path` names,
  /// else Google's refusal: 403 without a key, 400 for a key that is not the app's (Google's
  /// words and reason), 404 for an unknown project, 400 for an app of another project.
  func authorizedApp(
    appID: String?, apiKey: String?, path project: String
  ) -> Result<FakeFirebaseApp, Refused> {
    guard let apiKey, !apiKey.isEmpty else {
      return .failure(
        Refused(
          FakeGoogleErrors.permissionDenied("The request is missing a valid API key.")))
    }
    guard let projectID = projectID(named: project) else {
      return .failure(Refused(FakeGoogleErrors.notFound))
    }
    guard let appID, let app = state.withLock({ $0.apps[appID] }) else {
      return .failure(
        Refused(FakeGoogleErrors.invalidArgument("Invalid app id: not an app of a project.")))
    }
    guard app.apiKey == apiKey else {
      return .failure(
        Refused(
          .googleError(
            code: 400, status: "INVALID_ARGUMENT",
            message: "API key not valid. Please pass a valid API key.")))
    }
    guard app.project == projectID else {
      return .failure(
        Refused(
          FakeGoogleErrors.invalidArgument("The app id does not belong to project \(project).")))
    }
    return .success(app)
  }

  /// Reads a request's body as a strict JSON object whose members are all in `allowed`, as
  /// proto JSON reads it (an unknown name is refused, as Google refuses it).
  static func strictBody(
    _ request: LoopbackRequest, allowed: Set<String>
  ) -> Result<JSONObject, Refused> {
    guard case .object(let body)? = try? JSONParser().parse(request.body) else {
      return .failure(Refused(FakeGoogleErrors.invalidJSONPayload))
    }
    if let unknown = body.keys.first(where: { !allowed.contains($0) }) {
      return .failure(
        Refused(
          FakeGoogleErrors.invalidArgument(
            "Invalid JSON payload received. Unknown name \"\(unknown)\": Cannot find field.")))
    }
    return .success(body)
  }
}
