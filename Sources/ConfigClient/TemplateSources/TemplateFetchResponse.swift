/// What a template source answered to one fetch.
public enum TemplateFetchResponse: Sendable, Equatable {
  /// A template (HTTP 200): the body exactly as received and its `ETag`, when it had one.
  case template(body: [UInt8], etag: String?)
  /// The template is unchanged (HTTP 304 for the `If-None-Match` the client sent).
  case notModified
}
