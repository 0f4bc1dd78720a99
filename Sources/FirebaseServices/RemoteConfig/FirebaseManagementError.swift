public import ConfigEngine

/// Why a call of `FirebaseManagementClient` failed. No case holds a token.
public enum FirebaseManagementError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No access token (or no project id) could be had, or the token would have gone over
  /// plain http to a host that is not loopback (`.insecureTransport`): nothing was sent.
  case credentials(CredentialsError)
  /// The etag sent in `If-Match` is not the template's current one: the template changed on
  /// Firebase since this one was pulled (HTTP 412, or 400 `FAILED_PRECONDITION` with
  /// `[VERSION_MISMATCH]`). Pull again and reapply the edits, or publish with `force`.
  case staleETag(GoogleAPIError)
  /// Google answered with another error: its status, message and what to check.
  case service(GoogleAPIError)
  /// No complete answer within the timeout.
  case timeout
  /// The API could not be reached: described with the scheme, host and port only.
  case connectivity(String)
  /// The answer was not usable: cut short, too large, not a template or version list, or a
  /// template without its `ETag` header.
  case invalidResponse(String)
  /// Google answered 200 to a publish or a rollback, so the change was made, but the answer
  /// is not a template object or has no `ETag` header. Do not repeat the change (it would meet
  /// a stale etag): pull the template to see its new version and etag.
  case acceptedButUnreadable(String)
  /// A publish or validation of a template without an etag, and without `force`: pull the
  /// template first, so Firebase can tell whether it changed since.
  case missingETag
  /// An argument Firebase would refuse (a version number below 1, a page size outside
  /// 1...300, a limit below 1), so nothing was sent.
  case invalidArgument(String)
  /// The template holds an edit Firebase's format has no spelling for, so nothing was sent.
  case unwritableTemplate(TemplateWriteError)
  /// The template to publish or validate has errors (`TemplateValidator`'s, errors first,
  /// then warnings), so nothing was sent.
  case invalidTemplate(TemplateError)

  /// One line for a person.
  public var description: String {
    switch self {
    case .credentials(let error):
      "no access token for the Firebase Remote Config API: \(error)"
    case .staleETag(let error):
      "the template changed on Firebase since it was pulled (its etag is stale): pull it"
        + " again and reapply the changes, or force the publish; \(error)"
    case .service(let error):
      error.description
    case .timeout:
      "the Firebase Remote Config API did not answer within the timeout"
    case .connectivity(let message):
      "cannot reach the Firebase Remote Config API: \(message)"
    case .invalidResponse(let message):
      "invalid answer from the Firebase Remote Config API: \(message)"
    case .acceptedButUnreadable(let message):
      "Firebase accepted the change (HTTP 200), so it was made, but its answer cannot be read:"
        + " \(message); pull the template for its new version and etag rather than making the"
        + " change again"
    case .missingETag:
      "the template has no etag: pull it first (the etag says which version it was pulled"
        + " from), or force the publish"
    case .invalidArgument(let message):
      "invalid request, nothing was sent: \(message)"
    case .unwritableTemplate(let error):
      "cannot write the template for publishing: \(error)"
    case .invalidTemplate(let error):
      "the template has errors, nothing was sent: \(error)"
    }
  }
}
