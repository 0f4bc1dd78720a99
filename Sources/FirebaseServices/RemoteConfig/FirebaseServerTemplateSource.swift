public import ConfigClient
import ConfigClientHTTP
public import Core
import Foundation
import HTTPTransport

/// A `TemplateSource` for a Firebase project's server template (the `firebase-server`
/// namespace), what firebase-admin's `getServerTemplate` loads: `GET
/// /v1/projects/{P}/namespaces/firebase-server/serverRemoteConfig` with the credentials' token.
///
/// ```swift
/// let credentials: any AccessTokenProvider = ...  // Application Default Credentials
/// let client = RemoteConfigClient(
///   source: FirebaseServerTemplateSource(projectID: "my-app-1a2b3", credentials: credentials),
///   store: FileConfigStore(directoryPath: cacheDirectory))
/// ```
///
/// Answers map to the client's vocabulary as `HTTPTemplateSource`'s do, so the client's rules
/// apply unchanged:
/// - 200 is the template, whose etag is the response's `ETag` header (the body has none; every
///   Admin SDK copies the header). A 200 without an `ETag` is `.invalidResponse`, as
///   firebase-admin-node refuses it ("ETag header is not present in the server response."):
///   the SDKs disagree here (Python keeps an empty etag), and Node decides.
/// - A known etag is sent as `If-None-Match`, and 304 is `.notModified`: an unchanged template
///   costs one empty answer. (No Admin SDK sends it; should Google answer 200 anyway, the
///   client sees the same bytes and activates nothing.)
/// - Any other status is `.service` with Google's message, its `Retry-After`, and for 401, 403
///   and 404 what to check; 429 and 5xx throttle exactly as `.http` does.
/// - No token is `.credentials`, with nothing sent, and so is an endpoint that would take the
///   token over plain http to a host that is not loopback (`.insecureTransport`); transport
///   failures are those of `HTTPTemplateSource`. No error holds the token.
public struct FirebaseServerTemplateSource: TemplateSource {
  /// The project whose server template is read.
  public let projectID: String
  /// Where the API is (Google's unless given).
  public let endpoint: FirebaseEndpoint
  /// The largest body accepted, in bytes.
  public let maximumBodyBytes: Int
  private let api: RemoteConfigAPI

  /// A source for `projectID`'s server template.
  /// - Parameters:
  ///   - credentials: where access tokens come from (and the quota project, if any).
  ///   - endpoint: Google's, or `FirebaseEndpoint(environment:)` to honour
  ///     `FIREBASE_REMOTE_CONFIG_URL_BASE`.
  ///   - maximumBodyBytes: the largest body accepted (Firebase's limit on a template is
  ///     1,000,000 bytes).
  ///   - timeSource: the clock for the fetch timeout (the system clock unless given).
  public init(
    projectID: String, credentials: any AccessTokenProvider,
    endpoint: FirebaseEndpoint = .google, maximumBodyBytes: Int = 1_000_000,
    timeSource: any TimeSource = SystemTimeSource()
  ) {
    self.projectID = projectID
    self.endpoint = endpoint
    self.maximumBodyBytes = max(0, maximumBodyBytes)
    self.api = RemoteConfigAPI(
      projectID: projectID, endpoint: endpoint, credentials: credentials, time: timeSource)
  }

  /// GETs the server template, conditionally on the request's ETag, giving up after its
  /// timeout.
  /// - Throws: `TemplateSourceError` for every failure, as the type's summary describes.
  public func fetchTemplate(
    _ request: TemplateFetchRequest
  ) async throws(TemplateSourceError) -> TemplateFetchResponse {
    let reply: RemoteConfigAPI.Reply
    do {
      reply = try await api.call(
        "GET", path: "/namespaces/firebase-server/serverRemoteConfig",
        headers: request.etag.map { [(name: "If-None-Match", value: $0)] } ?? [],
        timeout: request.timeout, maximumBodyBytes: maximumBodyBytes)
    } catch {
      switch error {
      case .credentials(let error): throw .underlying(error.sourceFailure)
      case .transport(let error): throw TemplateSourceError(error)
      }
    }
    switch reply.response.status {
    case 200:
      guard let etag = reply.etag else { throw .invalidResponse(RemoteConfigAPI.missingETag) }
      return .template(body: reply.response.body, etag: etag)
    case 304:
      return .notModified
    default:
      throw .underlying(reply.error.sourceFailure)
    }
  }
}
