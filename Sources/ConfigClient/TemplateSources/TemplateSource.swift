public import ConfigEngine
public import Core

/// Where templates come from: HTTP, a file (`FileTemplateSource`), memory
/// (`InMemoryTemplateSource`), a Firebase project's server template
/// (`FirebaseServerTemplateSource`) or Firebase's app fetch (`FirebaseAppTemplateSource`). The
/// client asks; the source only transports, or lets its server evaluate for the app.
public protocol TemplateSource: Sendable {
  /// Fetches the template once for `request`: what the client calls.
  ///
  /// Sends `If-None-Match` (or the transport's equivalent) when the request has an ETag, so
  /// an unchanged template answers `.notModified`, and gives up with `.timeout` after the
  /// request's timeout. A source that only transports a template needs no more than those
  /// two; one whose server evaluates for the app also sends the request's context.
  /// - Throws: `TemplateSourceError` for every failure; nothing else.
  func fetchTemplate(
    _ request: TemplateFetchRequest
  ) async throws(TemplateSourceError) -> TemplateFetchResponse

  /// Whether the source's server evaluates the template for the context the request carries
  /// (Firebase's app fetch), so its answer depends on the context: then a context whose
  /// fetched fields changed makes the client's next fetch ignore the minimum fetch interval
  /// (never the throttle). False unless the source says otherwise.
  var evaluatesOnServer: Bool { get }

  /// Whether a fetch for `context` asks the server something a fetch for `previous` did not,
  /// so values fetched for `previous` do not hold for `context`. Only a source that
  /// `evaluatesOnServer` can say yes. The default takes the server to see the whole context
  /// but the client's own fields (the randomization ID and `now`); a source that sends less
  /// says what it sends (`FirebaseAppTemplateSource` compares the bodies it would send).
  func requestDiffers(for context: EvaluationContext, from previous: EvaluationContext) -> Bool

  /// State the source keeps between launches (Firebase's installation and its tokens), which
  /// the client saves in its one state file after each fetch that changed it; nil when the
  /// source keeps none (the default).
  func savedState() async -> JSONValue?

  /// Takes back what `savedState()` gave in an earlier process; the client calls it from
  /// `restore()`. State the source already has wins. The default does nothing.
  func restore(savedState: JSONValue) async
}

extension TemplateSource {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public var evaluatesOnServer: Bool { false }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public func requestDiffers(
    for context: EvaluationContext, from previous: EvaluationContext
  ) -> Bool {
    guard evaluatesOnServer else { return false }
    var (context, previous) = (context, previous)
    (context.randomizationID, previous.randomizationID) = (nil, nil)
    (context.now, previous.now) = (nil, nil)
    return context != previous
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public func savedState() async -> JSONValue? { nil }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public func restore(savedState: JSONValue) async {}
}
