/// Where templates come from: HTTP, a file (`FileTemplateSource`), memory
/// (`InMemoryTemplateSource`). The client asks; the source only transports.
public protocol TemplateSource: Sendable {
  /// Fetches the template once.
  ///
  /// Sends `If-None-Match` (or the transport's equivalent) when `etag` is non-nil, so an
  /// unchanged template answers `.notModified`, and gives up with `.timeout` after `timeout`.
  /// - Throws: `TemplateSourceError` for every failure; nothing else.
  func fetchTemplate(
    ifNoneMatch etag: String?, timeout: Duration
  ) async throws(TemplateSourceError) -> TemplateFetchResponse
}
