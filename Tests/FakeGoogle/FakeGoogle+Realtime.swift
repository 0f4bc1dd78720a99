public import Core
import Foundation
public import SwitchyardTestSupport

extension FakeGoogle {
  /// The members of the stream request's body (firebase-rc-client.md §2.4), all required.
  static let realtimeFields: Set<String> = [
    "project", "namespace", "lastKnownVersionNumber", "appId", "sdkVersion", "appInstanceId",
  ]

  /// Refuses `project`'s real-time streams with `status` and `message` until `allowRealtime`,
  /// e.g. 403 "Firebase Remote Config Realtime API has not been used in project ... before or
  /// it is disabled."
  public func refuseRealtime(project: String, status: Int = 403, message: String) {
    state.withLock { $0.realtimeRefusals[project] = (status, message) }
  }

  /// Ends `refuseRealtime`.
  public func allowRealtime(project: String) {
    state.withLock { $0.realtimeRefusals[project] = nil }
  }

  /// Every real-time stream opened so far, in order (ended ones included).
  public var realtimeStreams: [LoopbackStream] {
    state.withLock { $0.realtimeConnections.map(\.stream) }
  }

  /// Returns once `count` real-time streams have been opened.
  public func waitForRealtimeStreams(count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let ready = state.withLock { state -> Bool in
        if state.realtimeConnections.count >= count { return true }
        state.realtimeWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Sends `fields` as one message to every open stream of `project`, in Firebase's shape:
  /// `{"featureDisabled": true}`, `{"retryIntervalSeconds": 30}`.
  public func sendRealtime(_ fields: JSONObject, project: String) {
    let sends = state.withLock { state -> [(LoopbackStream, String)] in
      state.realtimeConnections.indices.compactMap { index -> (LoopbackStream, String)? in
        guard state.realtimeConnections[index].project == project else { return nil }
        return Self.message(fields, on: &state.realtimeConnections[index])
      }
    }
    for (stream, text) in sends { stream.send(text) }
  }

  /// Tells every open stream whose project's client template is newer than what it was last
  /// told: `{"latestTemplateVersionNumber": "N"}`.
  func announceNewVersions() {
    let sends = state.withLock { state -> [(LoopbackStream, String)] in
      state.realtimeConnections.indices.compactMap { index -> (LoopbackStream, String)? in
        let connection = state.realtimeConnections[index]
        let current =
          state.projects[connection.project]?.histories[.firebase]?.currentNumber ?? 0
        guard current > connection.announcedVersion else { return nil }
        state.realtimeConnections[index].announcedVersion = current
        return Self.message(
          JSONObject([("latestTemplateVersionNumber", .string(String(current)))]),
          on: &state.realtimeConnections[index])
      }
    }
    for (stream, text) in sends { stream.send(text) }
  }

  /// One message as Firebase streams it: an element of one JSON array printed over several
  /// lines, so the first opens the array and the others follow a comma.
  private static func message(
    _ fields: JSONObject, on connection: inout FakeRealtimeConnection
  ) -> (LoopbackStream, String) {
    let members = fields.map { "  \(JSONValue.string($0.key).jsonText): \($0.value.jsonText)" }
    let text =
      (connection.messagesSent == 0 ? "[" : ",") + "{\n" + members.joined(separator: ",\n")
      + "\n}\n"
    connection.messagesSent += 1
    return (connection.stream, text)
  }

  /// `POST /v1/projects/{number}/namespaces/firebase:streamFetchInvalidations`: checks the
  /// API key, the installation's token, `X-Accept-Response-Streaming` and the body (strict
  /// JSON, every field, the project's number), then keeps the answer open, telling it at once
  /// of a client template newer than `lastKnownVersionNumber` and later of each publish.
  func answerRealtime(_ request: LoopbackRequest, project: String) -> LoopbackResponse {
    guard request.method == "POST" else { return FakeGoogleErrors.methodNotFound }
    let checked = Self.strictBody(request, allowed: Self.realtimeFields).flatMap { body in
      authorizedApp(
        appID: body["appId"]?.stringValue, apiKey: request.header("X-Goog-Api-Key"),
        path: project
      ).flatMap { app in checkRealtime(request, body: body, project: project).map { (body, app) } }
    }
    switch checked {
    case .failure(let refused):
      return refused.response
    case .success(let (body, app)):
      if let refusal = state.withLock({ $0.realtimeRefusals[app.project] }) {
        return .googleError(
          code: refusal.status,
          status: refusal.status == 403 ? "PERMISSION_DENIED" : "UNAVAILABLE",
          message: refusal.message)
      }
      let known = body["lastKnownVersionNumber"]?.stringValue.flatMap { Int($0) } ?? 0
      let stream = LoopbackStream()
      let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
        state.realtimeConnections.append(
          FakeRealtimeConnection(project: app.project, stream: stream, announcedVersion: known))
        let count = state.realtimeConnections.count
        let ready = state.realtimeWaiters.filter { $0.count <= count }.map(\.continuation)
        state.realtimeWaiters.removeAll { $0.count <= count }
        return ready
      }
      for waiter in waiters { waiter.resume() }
      announceNewVersions()
      return LoopbackResponse(
        status: 200, headers: [(name: "Content-Type", value: "application/json")],
        body: .stream(stream))
    }
  }

  private func checkRealtime(
    _ request: LoopbackRequest, body: JSONObject, project: String
  ) -> Result<Void, Refused> {
    guard body.count == Self.realtimeFields.count, body.allSatisfy({ $0.value.stringValue != nil })
    else {
      return .failure(
        Refused(
          FakeGoogleErrors.invalidArgument(
            "Every field of the stream request is a string and required.")))
    }
    guard request.header("X-Accept-Response-Streaming") == "true" else {
      return .failure(
        Refused(FakeGoogleErrors.invalidArgument("X-Accept-Response-Streaming: true expected.")))
    }
    guard body["project"]?.stringValue == project, Int(project) != nil,
      body["namespace"]?.stringValue == "firebase"
    else {
      return .failure(
        Refused(
          FakeGoogleErrors.invalidArgument(
            "project must be the project number, namespace firebase.")))
    }
    guard
      acceptsInstallationToken(
        request.header("X-Goog-Firebase-Installations-Auth"),
        fid: body["appInstanceId"]?.stringValue)
    else {
      return .failure(Refused(FakeGoogleErrors.invalidInstallationToken))
    }
    return .success(())
  }
}
