/// An HTTP response from the OFREP responder: what the server writes back as it is.
public struct OFREPResponse: Sendable, Equatable {
  /// The status code.
  public var status: Int
  /// The header fields, in order (`Content-Type`, `ETag`, `Allow`, ...). The server adds its
  /// own framing (`Content-Length`, `Connection`).
  public var headers: [(name: String, value: String)]
  /// The body's bytes: JSON, or none (a 304).
  public var body: [UInt8]

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The value of the first field named `name` (case-insensitively), or nil.
  public func header(_ name: String) -> String? {
    let name = name.lowercased()
    return headers.first { $0.name.lowercased() == name }?.value
  }

  /// Equal when status, fields (in order) and body are.
  public static func == (lhs: OFREPResponse, rhs: OFREPResponse) -> Bool {
    lhs.status == rhs.status && lhs.body == rhs.body
      && lhs.headers.map(\.name) == rhs.headers.map(\.name)
      && lhs.headers.map(\.value) == rhs.headers.map(\.value)
  }

  /// A JSON body with its content type.
  static func json(_ status: Int, _ body: [UInt8], _ headers: [(name: String, value: String)] = [])
    -> OFREPResponse
  {
    OFREPResponse(
      status: status, headers: [("Content-Type", "application/json")] + headers, body: body)
  }
}
