import Core
import Foundation
import HTTPTransport

/// One project's Remote Config API as the server-template source and the management client
/// call it: every request authorised and labelled the same way.
///
/// Every call sends `Authorization: Bearer <token>` (and is marked as carrying a secret, so
/// the transport sends it only over https or to loopback), `X-Firebase-Client:
/// switchyard/<version>`, `Accept-Encoding: gzip` (firebase-admin-node's comment: Google
/// may leave the `ETag` out of an answer to a request that names no compression), and
/// `x-goog-user-project` when the credentials name a quota project.
struct RemoteConfigAPI: Sendable {
  /// Why a call produced no response.
  enum Failure: Error, Sendable, Equatable {
    /// No token (or no project id), or the token would have gone over plain http to a host
    /// that is not loopback: nothing was sent.
    case credentials(CredentialsError)
    /// The exchange failed.
    case transport(HTTPError)
  }

  /// A response and the token that was sent with it, so errors can be kept free of it.
  struct Reply: Sendable {
    let response: HTTPResponse
    let token: AccessToken

    /// Google's error in the response, without the token.
    var error: GoogleAPIError { GoogleAPIError(response: response, redacting: [token.value]) }

    /// The `ETag` header; nil when it is missing or empty.
    var etag: String? {
      guard let etag = response.header("ETag"), !etag.isEmpty else { return nil }
      return etag
    }
  }

  /// Why a template answered without its `ETag` is refused, in firebase-admin-node's words:
  /// the etag is what a later conditional fetch or publish needs.
  static let missingETag = "ETag header is not present in the server response"

  let projectID: String
  let endpoint: FirebaseEndpoint
  let credentials: any AccessTokenProvider
  let time: any TimeSource

  /// Sends one request to `path` under the project and reads the whole response.
  func call(
    _ method: String, path: String, query: [(name: String, value: String)] = [],
    headers extra: [(name: String, value: String)] = [], body: [UInt8]? = nil,
    timeout: Duration, maximumBodyBytes: Int
  ) async throws(Failure) -> Reply {
    guard !projectID.isEmpty else {
      throw .credentials(
        CredentialsError(
          .notFound,
          "no Firebase project id: give one (--project), or set GOOGLE_CLOUD_PROJECT, or use"
            + " credentials that name one"))
    }
    guard let url = endpoint.url(project: projectID, path: path, query: query) else {
      throw .transport(
        .invalidResponse("cannot make a URL for project \(Excerpt.quoted(projectID))"))
    }
    let token: AccessToken
    do {
      token = try await credentials.accessToken()
    } catch {
      throw .credentials(error)
    }
    var headers = [
      (name: "Authorization", value: "Bearer " + token.value),
      (name: "X-Firebase-Client", value: SwitchyardVersion.firebaseClientHeader),
      (name: "Accept-Encoding", value: "gzip"),
    ]
    if let quotaProject = credentials.quotaProjectID, !quotaProject.isEmpty {
      headers.append((name: "x-goog-user-project", value: quotaProject))
    }
    if body != nil {
      headers.append((name: "Content-Type", value: "application/json; charset=utf-8"))
    }
    headers += extra
    let request = HTTPRequest(
      method: method, url: url, headers: headers, body: body, carriesSecret: true)
    do {
      let response = try await HTTPClient(time: time).send(
        request, timeout: timeout, maximumBodyBytes: maximumBodyBytes)
      return Reply(response: response, token: token)
    } catch .secretRefused(let refusal) {
      // The token would have crossed plain http: a problem of where the credentials go,
      // said as the credentials say it.
      throw .credentials(CredentialsError(.insecureTransport, refusal.description))
    } catch {
      throw .transport(error)
    }
  }
}
