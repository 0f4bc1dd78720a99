import Core
import SwitchyardTestSupport

/// The Google API errors the fake's Remote Config endpoints answer, with Google's wording
/// where it is known and where it was seen.
enum FakeGoogleErrors {
  /// No token, an unknown one, or an expired one. Google's body word for word
  /// (wzieba/Firebase-Distribution-Github-Action#59), with the `WWW-Authenticate` challenge
  /// RFC 6750 §3 requires.
  static let unauthenticated = LoopbackResponse.googleError(
    code: 401, status: "UNAUTHENTICATED",
    message: "Request had invalid authentication credentials. Expected OAuth 2 access token, "
      + "login cookie or other valid authentication credential. See "
      + "https://developers.google.com/identity/sign-in/web/devconsole-project.",
    headers: [(name: "WWW-Authenticate", value: #"Bearer realm="https://accounts.google.com/""#)])

  /// A token without the cloud-platform or firebase.remoteconfig scope: Google's body and
  /// challenge (kwent/react-google-contacts#6).
  static let insufficientScopes = LoopbackResponse.googleError(
    code: 403, status: "PERMISSION_DENIED",
    message: "Request had insufficient authentication scopes.",
    headers: [
      (
        name: "WWW-Authenticate",
        value: #"Bearer realm="https://accounts.google.com/", error="insufficient_scope""#
      )
    ])

  /// A project or version that does not exist, in the words of firebase-admin-node's
  /// fixture (`remote-config-api-client.spec.ts:41-47`).
  static let notFound = LoopbackResponse.googleError(
    code: 404, status: "NOT_FOUND", message: "Requested entity not found")

  /// A path or method the API does not have.
  static let methodNotFound = LoopbackResponse.googleError(
    code: 404, status: "NOT_FOUND", message: "Method not found.")

  /// An app fetch or stream without a valid installation auth token.
  static let invalidInstallationToken = LoopbackResponse.googleError(
    code: 401, status: "UNAUTHENTICATED",
    message: "Firebase Installations auth token is invalid or expired.")

  /// A body that is not a JSON object, in proto JSON's opening words.
  static let invalidJSONPayload = invalidArgument(
    "Invalid JSON payload received. The body is not a JSON object.")

  /// 403 with `message`: no IAM role, or the API not enabled (firebase/quickstart-nodejs#22).
  static func permissionDenied(_ message: String) -> LoopbackResponse {
    .googleError(code: 403, status: "PERMISSION_DENIED", message: message)
  }

  /// 400 INVALID_ARGUMENT with `message`: a request the API cannot read.
  static func invalidArgument(_ message: String) -> LoopbackResponse {
    .googleError(code: 400, status: "INVALID_ARGUMENT", message: message)
  }

  /// 400 FAILED_PRECONDITION with `message`: a template that does not validate
  /// (`[VALIDATION_ERROR]: ...`), as firebase-admin-node's tests model it.
  static func failedPrecondition(_ message: String) -> LoopbackResponse {
    .googleError(code: 400, status: "FAILED_PRECONDITION", message: message)
  }
}

extension LoopbackResponse {
  /// 200 with `template` and its `ETag` header, as every Remote Config call that answers a
  /// template sends it.
  static func template(_ template: JSONObject, etag: String) -> LoopbackResponse {
    .json(.object(template), headers: [(name: "ETag", value: etag)])
  }
}

/// An error answer, where a `Result` carries it.
struct Refused: Error {
  /// What to answer.
  let response: LoopbackResponse

  init(_ response: LoopbackResponse) {
    self.response = response
  }
}
