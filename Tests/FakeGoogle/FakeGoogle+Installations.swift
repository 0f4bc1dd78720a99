import Core
import Foundation
public import SwitchyardTestSupport

extension FakeGoogle {
  // MARK: - Knobs

  /// The status registrations answer with: 200 unless set (iOS's SDK expects 201).
  public var registrationStatus: Int {
    get { state.withLock { $0.registrationStatus } }
    set { state.withLock { $0.registrationStatus = newValue } }
  }

  /// When set, the next registration answers with this FID instead of the one sent (Google
  /// may replace the id; the SDKs take its).
  public var replacementFID: String? {
    get { state.withLock { $0.replacementFID } }
    set { state.withLock { $0.replacementFID = newValue } }
  }

  /// `expiresIn` of the auth tokens issued, in seconds: 604800 (7 days) unless set.
  public var authTokenLifetime: Int {
    get { state.withLock { $0.authTokenLifetime } }
    set { state.withLock { $0.authTokenLifetime = newValue } }
  }

  /// The FIDs registered, in no particular order.
  public var registeredInstallations: [String] {
    state.withLock { Array($0.installations.keys) }
  }

  /// Every token issued to installations (refresh and auth), for scans of what must stay
  /// secret.
  public var installationTokens: [String] {
    state.withLock { state in
      state.installations.values.flatMap { [$0.refreshToken] + Array($0.authTokens.keys) }
    }
  }

  /// Forgets installation `fid`: its token requests answer 404, as Google's for an
  /// installation deleted or never made.
  public func forgetInstallation(_ fid: String) {
    state.withLock { _ = $0.installations.removeValue(forKey: fid) }
  }

  /// The token requests that reached `project` (by id or number), whatever the FID.
  public func authTokenRequests(project: String) -> [LoopbackRequest] {
    server.requests.filter { request in
      guard case .authToken(let named, _)? = FakeGoogleEndpoint(path: request.path) else {
        return false
      }
      return projectID(named: named) == projectID(named: project)
    }
  }

  /// Whether `token` is an auth token of installation `fid` that has not expired by `now`.
  func acceptsInstallationToken(_ token: String?, fid: String?) -> Bool {
    guard let token, let fid else { return false }
    return state.withLock { state in
      guard let expiry = state.installations[fid]?.authTokens[token] else { return false }
      return state.now < expiry
    }
  }

  // MARK: - Endpoints

  /// `POST /v1/projects/{project}/installations` (firebase-services.md §4): registers the FID
  /// sent (`^[cdef][\w-]{21}$`), or `replacementFID`, and answers with its refresh token and a
  /// first auth token.
  func answerCreateInstallation(_ request: LoopbackRequest, project: String) -> LoopbackResponse {
    guard request.method == "POST" else { return FakeGoogleErrors.methodNotFound }
    let allowed: Set<String> = ["fid", "authVersion", "appId", "sdkVersion"]
    let result = Self.strictBody(request, allowed: allowed).flatMap { body in
      authorizedApp(
        appID: body["appId"]?.stringValue, apiKey: request.header("x-goog-api-key"),
        path: project
      ).map { (body, $0) }
    }
    switch result {
    case .failure(let refused):
      return refused.response
    case .success(let (body, app)):
      guard body["authVersion"]?.stringValue == "FIS_v2" else {
        return FakeGoogleErrors.invalidArgument("authVersion must be FIS_v2.")
      }
      guard let sent = body["fid"]?.stringValue, FirebaseInstallationIDPattern.matches(sent)
      else {
        return FakeGoogleErrors.invalidArgument("Invalid fid: it must match ^[cdef][\\w-]{21}$.")
      }
      guard body["sdkVersion"]?.stringValue?.isEmpty == false else {
        return FakeGoogleErrors.invalidArgument("sdkVersion is required.")
      }
      let (fid, refresh, auth, lifetime, status) = state.withLock { state in
        let fid = state.replacementFID ?? sent
        state.replacementFID = nil
        state.installationTokenCount += 2
        let refresh = "fis-refresh-\(state.installationTokenCount - 1)"
        let auth = "fis-auth-\(state.installationTokenCount)"
        let lifetime = state.authTokenLifetime
        state.installations[fid] = FakeInstallation(
          fid: fid, appID: app.appID, refreshToken: refresh,
          authTokens: [auth: state.now.addingTimeInterval(TimeInterval(lifetime))])
        return (fid, refresh, auth, lifetime, state.registrationStatus)
      }
      let answer: JSONValue = [
        "name": .string("projects/\(project)/installations/\(fid)"), "fid": .string(fid),
        "refreshToken": .string(refresh),
        "authToken": ["token": .string(auth), "expiresIn": .string("\(lifetime)s")],
      ]
      return .json(answer, status: status)
    }
  }

  /// `POST .../installations/{fid}/authTokens:generate`: a new auth token for an installation
  /// sent with `Authorization: FIS_v2 <its refresh token>`; 404 for an installation the fake
  /// does not know, 401 for another refresh token.
  func answerGenerateAuthToken(
    _ request: LoopbackRequest, project: String, fid: String
  ) -> LoopbackResponse {
    guard request.method == "POST" else { return FakeGoogleErrors.methodNotFound }
    let result = Self.strictBody(request, allowed: ["installation"]).flatMap {
      body -> Result<FakeFirebaseApp, Refused> in
      guard case .object(let installation)? = body["installation"],
        installation.keys.allSatisfy({ ["sdkVersion", "appId"].contains($0) })
      else {
        return .failure(
          Refused(FakeGoogleErrors.invalidArgument("installation {sdkVersion, appId} expected.")))
      }
      return authorizedApp(
        appID: installation["appId"]?.stringValue, apiKey: request.header("x-goog-api-key"),
        path: project)
    }
    if case .failure(let refused) = result { return refused.response }
    let answer = state.withLock { state -> Result<(String, Int), Refused> in
      guard let installation = state.installations[fid] else {
        return .failure(
          Refused(
            .googleError(code: 404, status: "NOT_FOUND", message: "Installation not found.")))
      }
      guard request.header("Authorization") == "FIS_v2 \(installation.refreshToken)" else {
        return .failure(
          Refused(
            .googleError(
              code: 401, status: "UNAUTHENTICATED",
              message: "Request had invalid authentication credentials.")))
      }
      state.installationTokenCount += 1
      let token = "fis-auth-\(state.installationTokenCount)"
      state.installations[fid]?.authTokens[token] = state.now.addingTimeInterval(
        TimeInterval(state.authTokenLifetime))
      return .success((token, state.authTokenLifetime))
    }
    switch answer {
    case .failure(let refused): return refused.response
    case .success(let (token, lifetime)):
      return .json(["token": .string(token), "expiresIn": .string("\(lifetime)s")])
    }
  }
}

/// `^[cdef][\w-]{21}$`, the pattern of an installation id (firebase-services.md §4.1).
enum FirebaseInstallationIDPattern {
  static func matches(_ fid: String) -> Bool {
    let bytes = Array(fid.utf8)
    guard bytes.count == 22, [UInt8]("cdef".utf8).contains(bytes[0]) else { return false }
    return bytes.dropFirst().allSatisfy { byte in
      let character = Character(Unicode.Scalar(byte))
      return (character.isASCII && (character.isLetter || character.isNumber)) || byte == 0x5F
        || byte == 0x2D
    }
  }
}
