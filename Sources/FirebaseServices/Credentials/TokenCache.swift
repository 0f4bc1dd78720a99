import Core
import Foundation

/// The access token of one set of credentials, fetched when needed and shared: callers get
/// the cached token while more than `refreshMargin` of it remains, and a new one otherwise.
///
/// - The margin is firebase-admin-node's: it refreshes when 5 minutes or less remain
///   (`TOKEN_EXPIRY_THRESHOLD_MILLIS`, `src/app/firebase-app.ts`), as
///   google-auth-library-nodejs does (`eagerRefreshThresholdMillis`). A request that starts
///   with the token therefore has at least 5 minutes to use it.
/// - One fetch at a time: every caller that arrives while a fetch is in flight waits for that
///   fetch, so 50 callers with a stale token cost one request.
/// - A fetch's result goes to everyone waiting for it; a failure is not cached, so the next
///   call fetches again. A freshly fetched token is handed out even when it has less than the
///   margin left (a metadata server hands out its cached tokens until about 4 minutes before
///   they expire); the next call then fetches again, as firebase-admin-node does.
/// - "Now" comes from the injected time source, so tests cross the margin by moving a manual
///   clock.
///
/// Only the token's own description is ever shown, and it hides the value.
actor TokenCache {
  /// Refresh when this much or less of a token's life remains.
  static let refreshMargin: Duration = .seconds(5 * 60)

  /// Fetches a new token.
  typealias Fetch = @Sendable () async throws(CredentialsError) -> AccessToken

  private let time: any TimeSource
  private let fetch: Fetch
  private var cached: AccessToken?
  private var inFlight: Task<Result<AccessToken, CredentialsError>, Never>?

  /// A cache that fetches with `fetch` and reads the time from `time`.
  init(time: any TimeSource, fetch: @escaping Fetch) {
    self.time = time
    self.fetch = fetch
  }

  /// The cached token while it is fresh; otherwise the result of the fetch in flight, or of
  /// a new one.
  /// - Throws: the fetch's error, to every caller that waited for it.
  func token() async throws(CredentialsError) -> AccessToken {
    if let cached, isFresh(cached) { return cached }
    let task = inFlight ?? startFetch()
    return try await task.value.get()
  }

  /// Whether `token` has more than the margin left (a token without a known expiry always
  /// has).
  func isFresh(_ token: AccessToken) -> Bool {
    guard let expiresAt = token.expiresAt else { return true }
    return expiresAt.timeIntervalSince(time.now) > Self.refreshMargin.timeInterval
  }

  /// Starts the one fetch; it records its own outcome, so the cache is right even when
  /// every caller waiting for it has been cancelled.
  private func startFetch() -> Task<Result<AccessToken, CredentialsError>, Never> {
    let fetch = self.fetch
    let task = Task<Result<AccessToken, CredentialsError>, Never> {
      let result: Result<AccessToken, CredentialsError>
      do throws(CredentialsError) {
        result = .success(try await fetch())
      } catch {
        result = .failure(error)
      }
      self.finish(result)
      return result
    }
    inFlight = task
    return task
  }

  private func finish(_ result: Result<AccessToken, CredentialsError>) {
    inFlight = nil
    if case .success(let token) = result { cached = token }
  }
}
