import Core
import Foundation
import SwitchyardTestSupport

extension FakeGoogle {
  /// The members of a server template Google serves: the data-plane `ServerRemoteConfig`
  /// has conditions, parameters and version only (googleapis.dart firebaseremoteconfig v1,
  /// 1532-1545; firebase-admin-node keeps no more, `remote-config-api-client-internal.ts:
  /// 307-312`), so parameter groups and anything else stay in the management API's copy.
  static let serverTemplateMembers = ["conditions", "parameters", "version"]

  /// `GET /v1/projects/{project}/namespaces/firebase-server/serverRemoteConfig`
  /// (firebase-services.md §1.1): the current `firebase-server` version with an `ETag`
  /// header, which is where the SDKs take the etag from; the body has no `etag` (§1.2). A
  /// matching `If-None-Match` gets 304 with no body. The fake does not turn a condition's
  /// `expression` into the data plane's condition object: it serves what was published.
  func answerServerTemplate(_ request: LoopbackRequest, project: String) -> LoopbackResponse {
    guard request.method == "GET" else { return FakeGoogleErrors.methodNotFound }
    switch authorizedProject(request, project) {
    case .failure(let refused):
      return refused.response
    case .success(let (_, record)):
      let history = record.histories[FakeRemoteConfigNamespace.firebaseServer] ?? TemplateHistory()
      let etag = record.etag(version: history.currentNumber)
      if request.header("If-None-Match") == etag {
        return LoopbackResponse(status: 304, headers: [(name: "ETag", value: etag)])
      }
      var template = JSONObject()
      for (key, value) in history.current where Self.serverTemplateMembers.contains(key) {
        template[key] = value
      }
      return .template(template, etag: etag)
    }
  }
}
