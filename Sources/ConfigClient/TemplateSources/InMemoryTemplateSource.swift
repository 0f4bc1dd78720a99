public import Core

/// A `TemplateSource` whose answers a test scripts, in order: 200 with a body and ETag, 304,
/// 429 with `Retry-After`, 500, a timeout, a stall, a malformed body, a connectivity error.
/// It records every request (its `If-None-Match`, context and fetch type), so a test can
/// check what was sent and that no request was made at all. Copies share one script.
///
/// ```swift
/// let source = InMemoryTemplateSource([.template(json, etag: "v1"), .notModified])
/// ```
public struct InMemoryTemplateSource: TemplateSource {
  /// One scripted answer.
  public enum Step: Sendable, Equatable {
    /// Answer with this response.
    case respond(TemplateFetchResponse)
    /// Fail with this error.
    case fail(TemplateSourceError)
    /// Never answer: wait until the fetch is cancelled (the client's timeout does that),
    /// then fail with `.timeout`.
    case stall

    /// A 200 with `json` as the body.
    public static func template(_ json: String, etag: String? = nil) -> Step {
      .respond(.template(body: Array(json.utf8), etag: etag))
    }

    /// A 304 Not Modified: the template the client has is still current.
    public static let notModified = Step.respond(.notModified)

    /// A 429, with its `Retry-After` when given.
    public static func tooManyRequests(retryAfter: RetryAfter? = nil) -> Step {
      .fail(.http(status: 429, retryAfter: retryAfter))
    }

    /// A server error (500 unless given), with its `Retry-After` when given.
    public static func serverError(_ status: Int = 500, retryAfter: RetryAfter? = nil) -> Step {
      .fail(.http(status: status, retryAfter: retryAfter))
    }

    /// The transport's own timeout.
    public static let timeout = Step.fail(.timeout)

    /// A connection that could not be made.
    public static func connectivity(_ message: String = "connection refused") -> Step {
      .fail(.connectivity(message))
    }

    /// A 200 whose body is not a template (cut-off JSON unless given).
    public static func malformed(_ body: String = "{\"parameters\": {\"a\": ") -> Step {
      .respond(.template(body: Array(body.utf8), etag: "malformed"))
    }
  }

  private final class Script: Sendable {
    let state: LockedState<(steps: [Step], requests: [TemplateFetchRequest])>

    init(_ steps: [Step]) {
      state = LockedState((steps, []))
    }
  }

  private let script: Script
  /// Whether the source acts as one whose server evaluates for the context (as
  /// `FirebaseAppTemplateSource` does), so the client's rule for a changed context applies.
  public let evaluatesOnServer: Bool

  /// A source that answers with `steps`, one per fetch.
  public init(_ steps: [Step] = [], evaluatesOnServer: Bool = false) {
    script = Script(steps)
    self.evaluatesOnServer = evaluatesOnServer
  }

  /// Appends answers to the script.
  public func enqueue(_ steps: Step...) {
    script.state.withLock { $0.steps += steps }
  }

  /// The `If-None-Match` of every request so far, in order (nil: none was sent).
  public var requests: [String?] { fetchRequests.map(\.etag) }

  /// Every request so far, in order, as the client made it.
  public var fetchRequests: [TemplateFetchRequest] { script.state.withLock { $0.requests } }

  /// How many fetches reached the source.
  public var requestCount: Int { requests.count }

  /// How many scripted answers are left.
  public var remainingSteps: Int { script.state.withLock { $0.steps.count } }

  /// Answers with the next scripted step and records `request`.
  /// - Throws: the step's error, or `.connectivity` when the script has run out.
  public func fetchTemplate(
    _ request: TemplateFetchRequest
  ) async throws(TemplateSourceError) -> TemplateFetchResponse {
    let step = script.state.withLock { state -> Step? in
      state.requests.append(request)
      return state.steps.isEmpty ? nil : state.steps.removeFirst()
    }
    switch step {
    case .respond(let response)?:
      return response
    case .fail(let error)?:
      throw error
    case .stall?:
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(3600))
      }
      throw .timeout
    case nil:
      throw .connectivity("the in-memory source has no scripted answer left")
    }
  }
}
