public import ConfigClient
public import Core
import Foundation

/// A Firebase app's installation (firebase-services.md §4): registered once with the app's
/// API key, then an auth token for the app fetch and the real-time stream, renewed when less
/// than an hour of it remains. One per app: `FirebaseApp` shares it between its template
/// source and its real-time transport, and the client keeps it in its state file
/// (`TemplateSource.savedState()`), so a restarted app registers nothing.
///
/// - One registration or renewal in flight, however many callers wait (as `TokenCache` does
///   for Google's access tokens); its result goes to all of them.
/// - Registration sends a new id (`FirebaseInstallationID`); the id Google returns replaces
///   it. A 409 (the id cannot be used) costs one more registration with another new id.
/// - Renewal sends `Authorization: FIS_v2 <refresh token>`; a 401 or 404 (the installation
///   is gone) forgets it and registers again, once.
/// - 400 or 403 (and 404 on registration) mean the configuration is wrong: the error names
///   the part Google's answer points at (`FirebaseAppConfigurationPart`) and, as Firebase's
///   iOS SDK does, no request is sent for 24 hours. 429 and a 5xx (tried twice, the second at
///   once, as the JavaScript SDK does) back off `min(2^n s + jitter, 30 min)`. The backoff is
///   kept in memory only, as on iOS.
///
/// No description, error or log shows a token or the API key.
public actor FirebaseInstallations {
  /// A new auth token is generated when less than this remains of the current one (Firebase's
  /// `TOKEN_EXPIRATION_BUFFER`, one hour, on every platform).
  public static let refreshMargin: Duration = .seconds(3600)
  /// How long a refused configuration keeps every request back (iOS: 24 hours).
  public static let configurationBackoff: Duration = .seconds(24 * 3600)
  /// The longest backoff after 429 or 5xx (iOS: 30 minutes).
  public static let maximumBackoff: Duration = .seconds(30 * 60)

  /// The app the installation belongs to.
  public nonisolated let options: FirebaseAppOptions
  private let api: FirebaseInstallationsAPI
  private let time: any TimeSource
  private let random: RandomSource
  private let randomBytes: FirebaseInstallationID.RandomBytes
  private var installation: FirebaseInstallation?
  private var inFlight: Task<Result<FirebaseInstallation, FirebaseInstallationsError>, Never>?
  /// The error every call gets at once until its instant, after a refusal that backs off.
  private var backoff: (until: Date, error: FirebaseInstallationsError)?
  /// 429s and 5xx in a row: the exponent of the backoff.
  private var serverFailures = 0

  /// The installations of the app `options` describes.
  /// - Parameters:
  ///   - timeSource: the clock for token expiry and backoff (the system clock unless given).
  ///   - random: random fractions for the backoff's jitter.
  public init(
    options: FirebaseAppOptions, timeSource: any TimeSource = SystemTimeSource(),
    random: RandomSource = .system
  ) {
    self.init(
      options: options, timeSource: timeSource, random: random,
      randomBytes: FirebaseInstallationID.systemRandomBytes)
  }

  /// The same, with the random bytes new installation ids are made from.
  init(
    options: FirebaseAppOptions, timeSource: any TimeSource, random: RandomSource,
    randomBytes: @escaping FirebaseInstallationID.RandomBytes
  ) {
    self.options = options
    self.api = FirebaseInstallationsAPI(options: options, time: timeSource)
    self.time = timeSource
    self.random = random
    self.randomBytes = randomBytes
  }

  /// The installation id (FID), registering the installation first when there is none.
  /// - Throws: `FirebaseInstallationsError`.
  public func installationID(
    timeout: Duration = .seconds(60)
  ) async throws(FirebaseInstallationsError) -> String {
    try await currentInstallation(timeout: timeout).fid
  }

  /// The installation with an auth token that has at least `refreshMargin` left: the one
  /// held, or the result of the registration or renewal in flight, or of a new one.
  /// - Throws: `FirebaseInstallationsError`; within a backoff, the error that started it,
  ///   with nothing sent.
  func currentInstallation(
    timeout: Duration
  ) async throws(FirebaseInstallationsError) -> FirebaseInstallation {
    if let installation, isFresh(installation) { return installation }
    if let backoff, time.now < backoff.until, inFlight == nil { throw backoff.error }
    let task = inFlight ?? start(timeout: timeout)
    return try await task.value.get()
  }

  /// Makes the next call renew the auth token when it is still `token`: the server refused it
  /// (a fetch answered 401).
  func invalidateAuthToken(_ token: String) {
    guard installation?.authToken == token else { return }
    installation?.authTokenExpiresAt = .distantPast
  }

  /// What the client saves: `{"installation": {...}}`; nil before the first registration.
  func savedState() -> JSONValue? {
    installation.map { ["installation": $0.json] }
  }

  /// Takes back a saved installation of the same app and project, unless one is already
  /// held; anything else is ignored (the app registers anew).
  func restore(savedState: JSONValue) {
    guard installation == nil, let saved = savedState["installation"],
      let restored = FirebaseInstallation(json: saved), restored.belongs(to: options)
    else { return }
    installation = restored
  }

  /// Whether more than `refreshMargin` of the auth token remains.
  private func isFresh(_ installation: FirebaseInstallation) -> Bool {
    installation.authTokenExpiresAt.timeIntervalSince(time.now)
      > Self.refreshMargin.timeInterval
  }

  /// Starts the one registration or renewal; it records its own outcome, so the state is
  /// right even when every caller waiting for it has gone.
  private func start(
    timeout: Duration
  ) -> Task<Result<FirebaseInstallation, FirebaseInstallationsError>, Never> {
    let current = installation
    let (api, options, time, randomBytes) = (self.api, self.options, self.time, self.randomBytes)
    let task = Task<Result<FirebaseInstallation, FirebaseInstallationsError>, Never> {
      let outcome = await Self.obtain(
        current: current, options: options, api: api, time: time,
        newFID: { FirebaseInstallationID.make(randomBytes) }, timeout: timeout)
      return self.finish(outcome)
    }
    inFlight = task
    return task
  }

  /// What one attempt ended with.
  private enum Failure: Error {
    /// Google refused; `registering` tells whether the refusal answered a registration.
    case refused(status: Int, GoogleAPIError, registering: Bool)
    case failed(FirebaseInstallationsError)
  }

  /// A renewal of `current` (when there is one), and a registration when there is none or
  /// Google no longer knows it; `forgotten` when `current` must not be used again.
  private static func obtain(
    current: FirebaseInstallation?, options: FirebaseAppOptions, api: FirebaseInstallationsAPI,
    time: any TimeSource, newFID: () -> String, timeout: Duration
  ) async -> (result: Result<FirebaseInstallation, Failure>, forgotten: Bool) {
    if let current {
      switch await api.generateAuthToken(for: current, timeout: timeout) {
      case .success(let token):
        var renewed = current
        renewed.authToken = token.token
        renewed.authTokenExpiresAt = time.now.addingTimeInterval(token.expiresIn)
        return (.success(renewed), false)
      case .refused(let status, _) where status == 401 || status == 404:
        break  // Google no longer knows it: register again, once.
      case .refused(let status, let error):
        return (.failure(.refused(status: status, error, registering: false)), false)
      case .failed(let error):
        return (.failure(.failed(error)), false)
      }
    }
    let forgotten = current != nil
    var fid = newFID()
    var answer = await api.register(fid: fid, timeout: timeout)
    if case .refused(409, _) = answer {
      // The id cannot be used: another one, once.
      fid = newFID()
      answer = await api.register(fid: fid, timeout: timeout)
    }
    switch answer {
    case .success(let registration):
      let installation = FirebaseInstallation(
        fid: registration.fid ?? fid, refreshToken: registration.refreshToken,
        authToken: registration.authToken,
        authTokenExpiresAt: time.now.addingTimeInterval(registration.expiresIn),
        appID: options.appID, projectID: options.projectID)
      return (.success(installation), forgotten)
    case .refused(let status, let error):
      return (.failure(.refused(status: status, error, registering: true)), forgotten)
    case .failed(let error):
      return (.failure(.failed(error)), forgotten)
    }
  }

  /// Records an attempt's outcome and turns a refusal into the error callers get, starting
  /// the backoff it calls for.
  private func finish(
    _ outcome: (result: Result<FirebaseInstallation, Failure>, forgotten: Bool)
  ) -> Result<FirebaseInstallation, FirebaseInstallationsError> {
    inFlight = nil
    if outcome.forgotten { installation = nil }
    let now = time.now
    switch outcome.result {
    case .success(let installation):
      self.installation = installation
      serverFailures = 0
      backoff = nil
      return .success(installation)
    case .failure(.failed(let error)):
      return .failure(error)
    case .failure(.refused(let status, var error, let registering)):
      if status == 400 || status == 403 || (registering && status == 404) {
        let suspect = FirebaseAppConfigurationPart.suspect(error)
        error.hint = FirebaseAppConfigurationPart.hint(for: suspect, api: error.api)
        let until = now.addingTimeInterval(Self.configurationBackoff.timeInterval)
        return refuse(.misconfigured(suspect: suspect, error, retryAfter: until), until: until)
      }
      if status == 429 || (500..<600).contains(status) {
        serverFailures = min(serverFailures + 1, 64)
        let cap = Self.maximumBackoff
        var delay = min(pow(2, Double(serverFailures)) + random.next(), cap.timeInterval)
        if let asked = error.retryAfter?.delay(from: now, cappedAt: cap) {
          delay = max(delay, asked)
        }
        let until = now.addingTimeInterval(delay)
        return refuse(.unavailable(error, retryAfter: until), until: until)
      }
      return .failure(.refused(error))
    }
  }

  private func refuse(
    _ error: FirebaseInstallationsError, until: Date
  ) -> Result<FirebaseInstallation, FirebaseInstallationsError> {
    backoff = (until, error)
    return .failure(error)
  }
}
