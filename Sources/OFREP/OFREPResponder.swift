import ConfigEngine
import Core
public import FlagEvaluation

/// OpenFeature's Remote Evaluation Protocol (OFREP 0.3.0) as a function from a request to a
/// response, with no server of its own: any HTTP server mounts it by copying a request's
/// method, path, headers and body in and the response's status, headers and body out.
///
/// - `POST /ofrep/v1/evaluate/flags/{key}` with `{"context": {...}}` evaluates one flag:
///   200 with `{"key", "value", "reason", "variant", "metadata"}` (no `value` when the caller's
///   code default applies), 404 `FLAG_NOT_FOUND`, 400 `PARSE_ERROR` (a body that is not
///   `{"context": {...}}`, a value that does not read as its declared type) or
///   `INVALID_CONTEXT` (naming the attribute).
/// - `POST /ofrep/v1/evaluate/flags` evaluates every flag of the template and of the in-app
///   defaults for one context: 200 with `{"flags", "metadata": {"version"}, "eventStreams"}`
///   and an `ETag` of the answer, or 304 when `If-None-Match` names it.
/// - With API keys, a request without an accepted one is 401 (`WWW-Authenticate: Bearer`).
/// - Another method on those paths is 405 (`Allow: POST`); any other path is 404, so a server
///   answers its own paths first and hands the responder the rest (or what starts with
///   `pathPrefix`). 503 while the source has nothing loaded.
///
/// The source is read once per request, so a template the source swaps in applies to the
/// next request; the evaluator's hooks observe every flag evaluated. Nothing is logged.
public struct OFREPResponder: Sendable {
  /// The paths the responder serves start with this.
  public static let pathPrefix = "/ofrep/"
  static let bulkPath = "/ofrep/v1/evaluate/flags"

  /// The evaluator: its source and hooks.
  public let evaluator: FlagEvaluator
  /// The API keys a request must carry one of; empty: none is required.
  public let apiKeys: OFREPAPIKeys
  /// The event stream bulk answers advertise; nil: none (providers poll).
  public let eventStream: OFREPEventStream?

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(
    evaluator: FlagEvaluator, apiKeys: OFREPAPIKeys = OFREPAPIKeys([]),
    eventStream: OFREPEventStream? = nil
  ) {
    self.evaluator = evaluator
    self.apiKeys = apiKeys
    self.eventStream = eventStream
  }

  /// The response to `request`. Never fails: every problem is a response.
  public func respond(to request: OFREPRequest) async -> OFREPResponse {
    response(to: request)
  }

  /// `respond(to:)`, synchronously: the work is CPU only.
  func response(to request: OFREPRequest) -> OFREPResponse {
    let path = request.path.prefix { $0 != "?" }
    guard path.hasPrefix(Self.pathPrefix) else { return Self.notFound }
    guard apiKeys.accepts(request) else { return Self.unauthorized }
    let key: String?
    if path == Self.bulkPath {
      key = nil
    } else if path.hasPrefix(Self.bulkPath + "/") {
      let encoded = path.dropFirst(Self.bulkPath.count + 1)
      guard !encoded.isEmpty, !encoded.contains("/") else { return Self.notFound }
      guard let decoded = PercentEncoding.decode(encoded) else {
        // OFREP's failure names its key: the segment as the client sent it is the only one.
        return .json(
          400,
          OFREPBody.failure(
            key: String(encoded), .parseError,
            "the flag key in the path is not valid percent-encoding"))
      }
      key = decoded
    } else {
      return Self.notFound
    }
    guard request.method == "POST" else {
      return .json(
        405, OFREPBody.general("OFREP's evaluation endpoints take POST only"), [("Allow", "POST")])
    }
    let context: OFREPContext
    do {
      context = try OFREPContext(body: request.body)
    } catch {
      return .json(400, OFREPBody.failure(key: key, error.code, error.message))
    }
    guard let configuration = evaluator.source.flagConfiguration() else {
      return .json(
        503, OFREPBody.general("no template or in-app defaults are loaded yet"),
        [("Retry-After", "1")])
    }
    guard let key else { return bulk(request, configuration, context) }
    return single(key, configuration, context)
  }

  private func single(
    _ key: String, _ configuration: FlagConfiguration, _ context: OFREPContext
  ) -> OFREPResponse {
    let details = evaluator.untypedDetails(
      forKeys: [key], in: configuration, context: context.flagContext,
      evaluationContext: context.evaluationContext)[0]
    switch details.errorCode {
    case nil:
      return .json(200, OFREPBody.evaluation(details))
    case .flagNotFound?:
      return .json(404, OFREPBody.evaluation(details))
    case .parseError?, .invalidContext?, .targetingKeyMissing?:
      return .json(400, OFREPBody.evaluation(details))
    case .general?, .typeMismatch?, .providerNotReady?, .providerFatal?:
      return .json(500, OFREPBody.general(details.errorMessage ?? "the evaluation failed"))
    }
  }

  private func bulk(
    _ request: OFREPRequest, _ configuration: FlagConfiguration, _ context: OFREPContext
  ) -> OFREPResponse {
    let flags = evaluator.untypedDetails(
      forKeys: nil, in: configuration, context: context.flagContext,
      evaluationContext: context.evaluationContext)
    let body = OFREPBody.bulk(
      flags, version: configuration.template?.versionNumber, eventStream: eventStream)
    let tag = OFREPEntityTag.of(body)
    if OFREPEntityTag.matches(tag, ifNoneMatch: request.headerValues("if-none-match")) {
      return OFREPResponse(status: 304, headers: [("ETag", tag)])
    }
    return .json(200, body, [("ETag", tag)])
  }

  /// The answer to a request without an accepted API key: 401, `WWW-Authenticate: Bearer`,
  /// OFREP's general error body saying how to send one (and never which keys exist).
  public static let unauthorized = OFREPResponse.json(
    401,
    OFREPBody.general("an API key is required: send Authorization: Bearer KEY or X-API-Key: KEY"),
    [("WWW-Authenticate", "Bearer")])

  private static let notFound = OFREPResponse.json(
    404, OFREPBody.general("not an OFREP path: POST \(bulkPath) or \(bulkPath)/{key}"))
}
