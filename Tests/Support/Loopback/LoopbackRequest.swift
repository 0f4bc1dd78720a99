/// One request the loopback server received, as the test sees it in the request log.
public struct LoopbackRequest: Sendable, Equatable {
  /// `GET`, `POST`, ...
  public let method: String
  /// The request target as sent, e.g. `/template?x=1`.
  public let target: String
  /// Header values by lower-cased name (a repeated header keeps its last value).
  public let headers: [String: String]
  /// The body, as long as its `Content-Length` said (empty without one).
  public private(set) var body: [UInt8] = []

  /// The body as text (UTF-8, damaged bytes replaced).
  public var bodyText: String {
    String(decoding: body, as: UTF8.self)
  }

  /// The same request with `body`.
  func with(body: [UInt8]) -> LoopbackRequest {
    var copy = self
    copy.body = body
    return copy
  }

  /// The target without its query.
  public var path: String {
    String(target.prefix { $0 != "?" })
  }

  /// The value of header `name`, whatever its case.
  public func header(_ name: String) -> String? {
    headers[name.lowercased()]
  }

  /// Reads a request head (the bytes before the blank line); nil when it is not HTTP/1.x.
  init?(head: [UInt8]) {
    let text = String(decoding: head, as: UTF8.self)
    var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)[...]
    guard let requestLine = lines.popFirst() else { return nil }
    let parts = requestLine.split(separator: " ")
    guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return nil }
    var headers: [String: String] = [:]
    for line in lines where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":") else { return nil }
      let name = line[..<colon].lowercased()
      headers[name] = line[line.index(after: colon)...].trimmingBlanks()
    }
    self.method = String(parts[0])
    self.target = String(parts[1])
    self.headers = headers
  }

  /// A request built by a test, to compare with the log.
  public init(method: String, target: String, headers: [String: String], body: [UInt8] = []) {
    self.method = method
    self.target = target
    self.headers = headers
    self.body = body
  }
}

extension Substring {
  fileprivate func trimmingBlanks() -> String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
