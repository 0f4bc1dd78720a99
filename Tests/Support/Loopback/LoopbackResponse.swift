/// What the loopback server answers to one request, including the broken answers the
/// network tests need: a stall, a body cut short, a long-lived stream.
public struct LoopbackResponse: Sendable {
  /// How the body is sent.
  public enum Body: Sendable {
    /// The whole body with its `Content-Length` (none for 304).
    case complete([UInt8])
    /// `Content-Length: declaredLength` but only `sent` bytes, then the connection closes.
    case cutShort(sent: [UInt8], declaredLength: Int)
    /// No `Content-Length`: the body ends when the connection closes.
    case closeDelimited([UInt8])
    /// Nothing is ever sent; the connection stays open until the client leaves or the
    /// server stops.
    case stall
    /// A long-lived body the test writes to through the `LoopbackStream`.
    case stream(LoopbackStream)
    /// `chunk` sent again and again, as fast as the client reads, until the client leaves or
    /// the server stops: a body without end (close-delimited, or chunked when `chunked`).
    case endless(chunk: [UInt8], chunked: Bool)
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public var status: Int
  /// Extra headers, in order (`Connection: close` and the length header are added).
  public var headers: [(name: String, value: String)]
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public var body: Body

  /// A response with the given parts.
  public init(
    status: Int, headers: [(name: String, value: String)] = [], body: Body = .complete([])
  ) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// 200 with a JSON body and, when given, its ETag.
  public static func ok(_ json: String, etag: String? = nil) -> LoopbackResponse {
    var headers = [(name: "Content-Type", value: "application/json")]
    if let etag { headers.append((name: "ETag", value: etag)) }
    return LoopbackResponse(status: 200, headers: headers, body: .complete(Array(json.utf8)))
  }

  /// 304 for a matching `If-None-Match`.
  public static func notModified(etag: String) -> LoopbackResponse {
    LoopbackResponse(status: 304, headers: [(name: "ETag", value: etag)])
  }

  /// A bare status, e.g. 500, with optional headers such as `Retry-After`.
  public static func status(_ code: Int, headers: [(name: String, value: String)] = [])
    -> LoopbackResponse
  {
    LoopbackResponse(
      status: code, headers: headers, body: .complete(Array("status \(code)\n".utf8)))
  }

  /// Never answers.
  public static let stall = LoopbackResponse(status: 200, body: .stall)

  /// 200 whose `Content-Length` promises `declaredLength` bytes but only `sent` arrive.
  public static func cutShort(_ sent: String, declaredLength: Int) -> LoopbackResponse {
    LoopbackResponse(
      status: 200, headers: [(name: "Content-Type", value: "application/json")],
      body: .cutShort(sent: Array(sent.utf8), declaredLength: declaredLength))
  }

  /// 200 that streams what the test sends through `stream`.
  public static func stream(_ stream: LoopbackStream) -> LoopbackResponse {
    LoopbackResponse(
      status: 200, headers: [(name: "Content-Type", value: "text/event-stream")],
      body: .stream(stream))
  }

  /// A redirect (302 unless given) to `location`, whose own body may be `body`: an endless
  /// one tests that a redirect's body is not read.
  public static func redirect(
    to location: String, status: Int = 302, body: Body = .complete(Array("moved\n".utf8))
  ) -> LoopbackResponse {
    LoopbackResponse(status: status, headers: [(name: "Location", value: location)], body: body)
  }

  /// 200 whose body never ends: `text` over and over, close-delimited or chunked.
  public static func endless(_ text: String = "{\"parameters\": {}} ", chunked: Bool = false)
    -> LoopbackResponse
  {
    LoopbackResponse(
      status: 200, headers: [(name: "Content-Type", value: "application/json")],
      body: .endless(chunk: Array(String(repeating: text, count: 1_000).utf8), chunked: chunked))
  }

  /// The reason phrase for the status line (any phrase is valid HTTP; these read well).
  var reasonPhrase: String {
    switch status {
    case 200: "OK"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 304: "Not Modified"
    case 404: "Not Found"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 503: "Service Unavailable"
    default: "Status"
    }
  }
}

extension LoopbackResponse: CustomStringConvertible {
  /// A short label for test reports (Swift Testing shows it for an argument): the status and
  /// how the body is sent.
  public var description: String {
    let body =
      switch body {
      case .complete(let bytes): "\(bytes.count) bytes"
      case .cutShort(let sent, let declared): "\(sent.count) of \(declared) bytes, then close"
      case .closeDelimited(let bytes): "\(bytes.count) bytes, close-delimited"
      case .stall: "stall"
      case .stream: "stream"
      case .endless(_, let chunked): chunked ? "endless, chunked" : "endless"
      }
    let headers = self.headers.map { "\($0.name): \($0.value)" }.joined(separator: ", ")
    return "\(status) [\(headers)] \(body)"
  }
}
