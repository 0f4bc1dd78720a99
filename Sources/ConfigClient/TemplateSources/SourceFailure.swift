public import Core

/// A failure a source reports in its own terms (a Google API's error body, no access token, no
/// Firebase installation): the source's own error, and the little the client's rules need to
/// know of it. The client never looks inside `underlying`; a caller that wants the details
/// casts it to the source's type (`failure.underlying as? GoogleAPIError`).
public struct SourceFailure: Error, Sendable, CustomStringConvertible {
  /// The source's own error.
  public let underlying: any Error & Sendable
  /// The server's status and `Retry-After` when the server answered: the fetch throttle counts
  /// it exactly as `TemplateSourceError.http` with the same status; nil when nothing was
  /// answered (no token, no installation), which never throttles.
  public let serverAnswer: ServerAnswer?
  /// Whether trying again later can help: the real-time stream reconnects only then.
  public let isRetryable: Bool
  /// What failed, for a person, before the error's own text (`no access token for the
  /// template source`); nil: the error's text alone.
  public let context: String?

  /// A failure carrying `underlying`.
  public init(
    _ underlying: any Error & Sendable, serverAnswer: ServerAnswer? = nil,
    isRetryable: Bool = true, context: String? = nil
  ) {
    self.underlying = underlying
    self.serverAnswer = serverAnswer
    self.isRetryable = isRetryable
    self.context = context
  }

  /// `context: underlying`, or the underlying error's text alone.
  public var description: String {
    let text = String(describing: underlying)
    return context.map { "\($0): \(text)" } ?? text
  }
}

extension SourceFailure: Equatable {
  /// Two failures are equal when they carry errors of the same type that describe themselves
  /// alike, with the same answer and rules: an existential error has no `==` of its own.
  public static func == (lhs: SourceFailure, rhs: SourceFailure) -> Bool {
    type(of: lhs.underlying) == type(of: rhs.underlying)
      && String(describing: lhs.underlying) == String(describing: rhs.underlying)
      && lhs.serverAnswer == rhs.serverAnswer && lhs.isRetryable == rhs.isRetryable
      && lhs.context == rhs.context
  }
}

/// A server's answer to a request that failed: its status and its `Retry-After`, if any.
public struct ServerAnswer: Sendable, Equatable {
  /// The HTTP status.
  public var status: Int
  /// The `Retry-After` header the server sent, if any.
  public var retryAfter: RetryAfter?

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(status: Int, retryAfter: RetryAfter? = nil) {
    self.status = status
    self.retryAfter = retryAfter
  }
}

extension TemplateSourceError {
  /// The source's own error when it is of type `type` (`.underlying`), e.g. Google's error
  /// body from a Firebase source: `error.underlying(as: GoogleAPIError.self)`.
  public func underlying<Failure: Error>(as type: Failure.Type) -> Failure? {
    guard case .underlying(let failure) = self else { return nil }
    return failure.underlying as? Failure
  }
}

extension RealtimeStreamError {
  /// The stream source's own error when it is of type `type` (`.underlying`).
  public func underlying<Failure: Error>(as type: Failure.Type) -> Failure? {
    guard case .underlying(let failure) = self else { return nil }
    return failure.underlying as? Failure
  }
}
