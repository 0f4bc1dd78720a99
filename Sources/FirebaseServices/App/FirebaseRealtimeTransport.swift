public import ConfigClient
import ConfigClientHTTP
public import Core
import Foundation
import HTTPTransport

/// The real-time stream of a Firebase app (firebase-rc-client.md §2.4): `POST
/// /v1/projects/{project number}/namespaces/firebase:streamFetchInvalidations` on the
/// real-time host, whose answer stays open and carries `{"latestTemplateVersionNumber": N}`
/// as Firebase publishes. `RealtimeUpdater` runs it as it runs any stream: it fetches with
/// `REALTIME/<attempt>` until the announced version is reached, obeys `featureDisabled` and
/// `retryIntervalSeconds`, backs off, and keeps its retry budget across launches.
///
/// As Android sends it: `X-Goog-Api-Key`, `X-Goog-Firebase-Installations-Auth`,
/// `X-Accept-Response-Streaming: true`, `X-Google-GFE-Can-Retry: yes`, `If-None-Match` with the
/// client's last fetched ETag, and a strict-JSON body `{"project", "namespace": "firebase",
/// "lastKnownVersionNumber", "appId", "sdkVersion", "appInstanceId"}` where the version is
/// the client's last fetched one ("0" before any), read at each connection.
///
/// Firebase prints its messages as one JSON array over several lines; they reach the updater
/// one per line (`FirebaseRealtimeReframer`). A refusal is `.service` with Google's message
/// (a 403 says, for instance, that the Realtime API is not enabled); only Firebase's
/// retryable statuses (408, 429, 502, 503, 504) are retried.
public struct FirebaseRealtimeTransport: RealtimeTransport {
  /// The client whose fetched version and ETag each connection sends.
  public let client: RemoteConfigClient
  /// The app's installation, shared with its template source.
  public let installations: FirebaseInstallations
  /// The longest silence tolerated (iOS holds its request 330 s).
  public let idleTimeout: Duration
  /// The longest message passed on whole, as the updater's `RealtimeSettings` has it.
  public let maximumMessageBytes: Int
  /// The clock for reading a refusal's body and the installation's timeout.
  let timeSource: any TimeSource

  /// The API's name in errors.
  static let api = "Firebase Remote Config real-time API"

  /// A transport for `client`, as the app `installations` belongs to.
  public init(
    client: RemoteConfigClient, installations: FirebaseInstallations,
    idleTimeout: Duration = .seconds(330), timeSource: (any TimeSource)? = nil,
    maximumMessageBytes: Int = RealtimeSettings().maximumMessageBytes
  ) {
    self.client = client
    self.installations = installations
    self.idleTimeout = idleTimeout
    self.maximumMessageBytes = maximumMessageBytes
    self.timeSource = timeSource ?? client.timeSource
  }

  /// Opens the stream and returns its messages, one per line, once Firebase has answered 200.
  /// - Throws: `RealtimeStreamError`: `.installations` when no installation could be had
  ///   (nothing was sent), `.service` for a refusal, and the transport's failures.
  public func connect() async throws(RealtimeStreamError)
    -> AsyncThrowingStream<[UInt8], any Error>
  {
    let options = installations.options
    let installation: FirebaseInstallation
    do {
      installation = try await installations.currentInstallation(timeout: .seconds(60))
    } catch {
      throw .underlying(error.sourceFailure)
    }
    guard
      let url = options.realtimeEndpoint.url(
        project: options.projectNumber, path: "/namespaces/firebase:streamFetchInvalidations")
    else { throw .invalidResponse("cannot make the stream's URL") }
    let version = await client.fetchedVersionNumber ?? 0
    var headers = [
      (name: "X-Goog-Firebase-Installations-Auth", value: installation.authToken),
      (name: "X-Accept-Response-Streaming", value: "true"),
      (name: "X-Google-GFE-Can-Retry", value: "yes"),
    ]
    if let etag = await client.fetchedETag { headers.append((name: "If-None-Match", value: etag)) }
    let body: JSONValue = [
      "project": .string(options.projectNumber), "namespace": "firebase",
      "lastKnownVersionNumber": .string(String(version)), "appId": .string(options.appID),
      "sdkVersion": .string(options.sdkVersion), "appInstanceId": .string(installation.fid),
    ]
    let secrets = [options.apiKey, installation.authToken, installation.refreshToken]
    let (installations, time) = (self.installations, timeSource)
    return try await RealtimeHTTPStream.open(
      options.post(url, body: body, headers: headers), idleTimeout: idleTimeout,
      reframer: FirebaseRealtimeReframer(maximumMessageBytes: maximumMessageBytes)
    ) { exchange in
      let status = exchange.head.status
      if status == 401 { await installations.invalidateAuthToken(installation.authToken) }
      let body = await RealtimeHTTPStream.errorBody(
        of: exchange, timeout: .seconds(30), time: time)
      return .underlying(
        GoogleAPIError(
          status: status, head: exchange.head, body: body, redacting: secrets, api: Self.api,
          hint: Self.hint(status: status)).sourceFailure)
    }
  }

  /// What to check after a refused stream.
  static func hint(status: Int) -> String? {
    switch status {
    case 403:
      "check that the Firebase Remote Config Realtime API is enabled for the project and that"
        + " the API key's restrictions allow it"
    case 404:
      "check the project number in the app id"
    default:
      nil
    }
  }
}
