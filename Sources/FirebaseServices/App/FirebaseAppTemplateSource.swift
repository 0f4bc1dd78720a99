public import ConfigClient
import ConfigClientHTTP
public import ConfigEngine
public import Core
import Foundation
import HTTPTransport

/// A `TemplateSource` that is a Firebase app: Firebase's app fetch, `POST
/// /v1/projects/{P}/namespaces/firebase:fetch`, where Firebase evaluates the project's client
/// template for this installation and the context's fields and answers the values
/// (firebase-rc-client.md §2.1, §2.2). The client keeps them as it keeps any template
/// (`FirebaseAppFetchResponse`), with its defaults, cache, throttling, activation and updates.
///
/// ```swift
/// let firebase = FirebaseApp(options: try FirebaseAppOptions(appID: appID, apiKey: key))
/// let client = RemoteConfigClient(source: firebase.remoteConfigSource, store: store)
/// ```
///
/// As Android sends it (where the platforms differ, Switchyard does as Android does): the API
/// key in `X-Goog-Api-Key` (never in the URL), the installation's auth token in
/// `X-Goog-Firebase-Installations-Auth`, `If-None-Match` when an ETag is known,
/// `X-Firebase-RC-Fetch-Type` (`BASE/1`, or `REALTIME/<attempt>` for the real-time updater's
/// fetches), `X-Google-GFE-Can-Retry: yes`, `Accept-Encoding: gzip`, and a strict-JSON body
/// (`FirebaseAppFetchBody`). Custom signals over Firebase's limits are refused before
/// anything is sent (`.invalidRequest`, naming the signal).
///
/// Answers: 200 as `FirebaseAppFetchResponse` reads it, with its `ETag` (a missing one is
/// fine: the next fetch then sends no `If-None-Match`); 304 is `.notModified`; any other
/// status is `.service` with Google's message, so 429 and 5xx throttle by the client's rules.
/// A 401 also makes the installation renew its auth token before the next fetch.
///
/// The installation (`FirebaseInstallations`) is the source's state: the client saves it in
/// its state file after each fetch that changed it and hands it back on `restore()`, so a
/// restarted app registers nothing. The server evaluates for the context, so changing the
/// custom signals (or another field sent) makes the client's next fetch ignore the minimum
/// interval (`evaluatesOnServer`).
public struct FirebaseAppTemplateSource: TemplateSource {
  /// The app.
  public let options: FirebaseAppOptions
  /// The app's installation, shared with its real-time transport.
  public let installations: FirebaseInstallations
  /// The largest body accepted, in bytes.
  public let maximumBodyBytes: Int
  /// The clock for the fetch's timeout.
  let timeSource: any TimeSource

  /// A source for the app `installations` belongs to.
  /// - Parameters:
  ///   - maximumBodyBytes: the largest answer accepted (Firebase's limit on a template is
  ///     1,000,000 bytes, and an answer holds less).
  ///   - timeSource: the clock for the fetch timeout (the system clock unless given).
  public init(
    installations: FirebaseInstallations, maximumBodyBytes: Int = 1_000_000,
    timeSource: any TimeSource = SystemTimeSource()
  ) {
    self.options = installations.options
    self.installations = installations
    self.maximumBodyBytes = max(0, maximumBodyBytes)
    self.timeSource = timeSource
  }

  /// True: Firebase evaluates the template for the context the fetch sends.
  public var evaluatesOnServer: Bool { true }

  /// Whether the bodies a fetch would send for the two contexts differ in the context's part
  /// (custom signals, app version and build, country, language, user properties, first open
  /// time): `2` and `"2"`, or first-open times within a millisecond, are one request. The
  /// randomization ID and `now` are the client's own, never sent.
  public func requestDiffers(
    for context: EvaluationContext, from previous: EvaluationContext
  ) -> Bool {
    FirebaseAppFetchBody.contextFields(context) != FirebaseAppFetchBody.contextFields(previous)
  }

  /// The installation, for the client's state file.
  public func savedState() async -> JSONValue? {
    await installations.savedState()
  }

  /// Takes back the saved installation (of the same app and project).
  public func restore(savedState: JSONValue) async {
    await installations.restore(savedState: savedState)
  }

  /// Fetches the values Firebase evaluates for `request.context`.
  /// - Throws: `.invalidRequest` (a custom signal over the limits), `.underlying` with a
  ///   `FirebaseInstallationsError` (no installation or token; nothing was sent) or a
  ///   `GoogleAPIError` (Google's error),
  ///   `.invalidResponse`, and the transport failures of `HTTPTemplateSource`. No error holds
  ///   the API key or a token.
  public func fetchTemplate(
    _ request: TemplateFetchRequest
  ) async throws(TemplateSourceError) -> TemplateFetchResponse {
    try FirebaseAppFetchBody.check(request.context.customSignals)
    let installation: FirebaseInstallation
    do {
      installation = try await installations.currentInstallation(timeout: request.timeout)
    } catch {
      throw .underlying(error.sourceFailure)
    }
    guard
      let url = options.remoteConfigEndpoint.url(
        project: options.projectID, path: "/namespaces/firebase:fetch")
    else {
      throw .invalidResponse("cannot make a URL for project \(Excerpt.quoted(options.projectID))")
    }
    var headers = [
      (name: "X-Goog-Firebase-Installations-Auth", value: installation.authToken),
      (name: "X-Firebase-RC-Fetch-Type", value: request.fetchType.headerValue),
      (name: "X-Google-GFE-Can-Retry", value: "yes"),
    ]
    if let etag = request.etag { headers.append((name: "If-None-Match", value: etag)) }
    let body = FirebaseAppFetchBody.make(
      context: request.context, options: options, installation: installation)
    let secrets = [options.apiKey, installation.authToken, installation.refreshToken]
    let response: HTTPResponse
    do {
      response = try await HTTPClient(time: timeSource).send(
        options.post(url, body: body, headers: headers), timeout: request.timeout,
        maximumBodyBytes: maximumBodyBytes, acceptsGzip: true)
    } catch {
      throw TemplateSourceError(error)
    }
    switch response.status {
    case 200:
      return try FirebaseAppFetchResponse.read(
        response.body, etag: response.header("ETag").flatMap { $0.isEmpty ? nil : $0 },
        redacting: secrets)
    case 304:
      return .notModified
    default:
      if response.status == 401 {
        await installations.invalidateAuthToken(installation.authToken)
      }
      throw .underlying(
        GoogleAPIError(
          status: response.status, head: response.head, body: response.body,
          redacting: secrets, hint: Self.hint(status: response.status)).sourceFailure)
    }
  }

  /// What to check after a refused app fetch: the API key's restrictions and the API (403),
  /// the installation (401), the project (404).
  static func hint(status: Int) -> String? {
    switch status {
    case 401:
      "Firebase refused the installation's auth token; the next fetch gets a new one"
    case 403:
      "check that the Firebase Remote Config API is enabled for the project and that the API"
        + " key's restrictions allow it (and this app's bundle id or package name)"
    case 404:
      "check the project: the app id's project number, or the project id given"
    default:
      nil
    }
  }
}
