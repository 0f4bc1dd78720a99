package import ConfigClient

extension GoogleAPIError {
  /// The statuses after which Firebase's SDKs open the real-time stream again
  /// (firebase-rc-client.md §2.4).
  static let firebaseRetryableStatuses: Set<Int> = [408, 429, 502, 503, 504]

  /// This refusal as a source's own failure: throttled as its status and `Retry-After`, and
  /// retried on the real-time stream for Firebase's statuses only.
  package var sourceFailure: SourceFailure {
    SourceFailure(
      self, serverAnswer: ServerAnswer(status: httpStatus, retryAfter: retryAfter),
      isRetryable: Self.firebaseRetryableStatuses.contains(httpStatus))
  }
}

extension CredentialsError {
  /// No access token, so nothing was sent: never throttles.
  package var sourceFailure: SourceFailure {
    SourceFailure(self, context: "no access token for the template source")
  }
}

extension FirebaseInstallationsError {
  /// No installation (or no auth token for it), so nothing was sent: never throttles (the
  /// installations have a backoff of their own); retried unless Google refused the app's
  /// configuration.
  package var sourceFailure: SourceFailure {
    SourceFailure(self, isRetryable: isRetryable, context: "no Firebase installation")
  }
}
