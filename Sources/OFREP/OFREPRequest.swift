/// An HTTP request as the OFREP responder reads it: the fields any server framework has, so
/// mounting the responder is copying them over. Its description, debug description and mirror
/// hide the values of `Authorization` and `X-API-Key`, so a request can be logged or dumped
/// without its API key.
public struct OFREPRequest: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The method, e.g. `POST`.
  public var method: String
  /// The path as it came on the request line, percent-encoded, without the query.
  public var path: String
  /// The query after `?`, or nil; the responder reads none of it (OFREP's `flagConfigEtag`
  /// and `flagConfigLastModified` only hint at a change the next evaluation sees anyway).
  public var query: String?
  /// The header fields in the order they came; names compare case-insensitively.
  public var headers: [(name: String, value: String)]
  /// The body's bytes.
  public var body: [UInt8]

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(
    method: String, path: String, query: String? = nil,
    headers: [(name: String, value: String)] = [], body: [UInt8] = []
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
  }

  /// `POST /ofrep/v1/evaluate/flags [Authorization: redacted, Content-Type: application/json]
  /// 17 bytes`: the query and body are left out, and the credentials' values.
  public var description: String {
    let fields = headers.map { field in
      let name = field.name.lowercased()
      let hidden = name == "authorization" || name == "x-api-key"
      return "\(field.name): \(hidden ? "redacted" : field.value)"
    }
    return "\(method) \(path) [\(fields.joined(separator: ", "))] \(body.count) bytes"
  }

  /// The same as `description`: the credentials stay hidden.
  public var debugDescription: String { description }

  /// No children, so `dump` shows only `description`.
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

  /// The values of every field named `name`, in order.
  func headerValues(_ name: String) -> [String] {
    headers.filter { $0.name.lowercased() == name }.map(\.value)
  }
}
