import Core

/// Where load goes: `http://host:port/path` (no TLS: a load figure measures the server, not
/// a handshake), split once so every connection writes the same request.
struct LoadTarget: Sendable, Equatable {
  let host: String
  let port: Int
  /// The request target: the path and any query, as given.
  let path: String

  /// Reads `text`.
  /// - Throws: `BenchUsageError` naming what is wrong: another scheme, no host, a port
  ///   outside 1...65535.
  init(_ text: String) throws(BenchUsageError) {
    let prefix = "http://"
    guard text.hasPrefix(prefix) else {
      throw BenchUsageError("'--url' must be http://host:port/path, not \(Excerpt.quoted(text))")
    }
    let rest = text.dropFirst(prefix.count)
    let authority = rest.prefix { $0 != "/" && $0 != "?" }
    let target = rest.dropFirst(authority.count)
    var host = Substring(authority)
    var port = 80
    if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
      guard let number = Int(authority[authority.index(after: colon)...]),
        (1...65_535).contains(number)
      else {
        throw BenchUsageError("'--url' has no port 1...65535: \(Excerpt.quoted(text))")
      }
      port = number
      host = authority[..<colon]
    }
    if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
    guard !host.isEmpty, host.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
      throw BenchUsageError("'--url' has no host: \(Excerpt.quoted(text))")
    }
    guard target.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
      throw BenchUsageError("'--url' has a space or a non-ASCII character in its path")
    }
    self.host = String(host)
    self.port = port
    path = target.isEmpty ? "/" : (target.hasPrefix("?") ? "/" + target : String(target))
  }

  /// The request every connection sends: a POST of `body` (JSON), kept alive.
  func request(body: [UInt8]) -> [UInt8] {
    let hostField = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    return Array(
      ("POST \(path) HTTP/1.1\r\nHost: \(hostField)\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.count)\r\n\r\n").utf8) + body
  }
}
