public import ConfigEngine

/// What the client asks a `TemplateSource` for on one fetch.
///
/// A source that only transports a template (HTTP, a file) needs the ETag and the timeout; one
/// whose server evaluates the template for the app (`FirebaseAppTemplateSource`) also sends
/// the context's fields, and tells the server why it fetches.
public struct TemplateFetchRequest: Sendable, Hashable {
  /// The ETag of the template the client holds, sent as `If-None-Match` (or the source's
  /// equivalent) so an unchanged template answers `.notModified`; nil: none.
  public var etag: String?
  /// How long the fetch may take before it fails with `.timeout`.
  public var timeout: Duration
  /// The client's evaluation context: what a source whose server evaluates sends.
  public var context: EvaluationContext
  /// Why the fetch is made.
  public var fetchType: TemplateFetchType

  /// A request; an ordinary fetch with an empty context unless given.
  public init(
    etag: String? = nil, timeout: Duration, context: EvaluationContext = EvaluationContext(),
    fetchType: TemplateFetchType = .base
  ) {
    self.etag = etag
    self.timeout = timeout
    self.context = context
    self.fetchType = fetchType
  }
}
