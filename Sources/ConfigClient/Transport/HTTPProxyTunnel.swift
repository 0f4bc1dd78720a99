import Core

/// The `CONNECT` exchange that opens a tunnel through an http proxy: the request, then the
/// proxy's answer read up to its blank line and no further (the bytes after it are the
/// server's, through the tunnel).
enum HTTPProxyTunnel {
  /// The longest answer head read from a proxy.
  static let maximumHeadBytes = 16 * 1024

  /// Asks `proxy` for a tunnel to `host`:`port` over `socket`.
  /// - Returns: nil once the tunnel is open, or the refusal (`SocketTransportError.proxy`
  ///   with the proxy's status) to end the request with.
  /// - Throws: the socket's failure (a timeout, a cancellation, a lost connection).
  static func open(
    through proxy: HTTPProxy, to host: String, port: Int, _ socket: PlainChannel
  ) throws(HTTPChannelFailure) -> SocketTransportError? {
    try socket.send(proxy.connectRequest(host: host, port: port)).get()
    var head: [UInt8] = []
    while true {
      guard let bytes = try socket.receive().get() else {
        return .proxy("the proxy closed the connection before answering CONNECT")
      }
      head += bytes
      if let end = blankLineEnd(head) {
        guard end == head.count else {
          return .proxy("the proxy sent bytes after its answer to CONNECT, before the server's")
        }
        break
      }
      guard head.count <= maximumHeadBytes else {
        return .proxy("the proxy's answer to CONNECT is over \(maximumHeadBytes) bytes")
      }
    }
    let statusLine = head.prefix { $0 != UInt8(ascii: "\r") }
    let parts = statusLine.split(separator: UInt8(ascii: " "), maxSplits: 2)
    guard parts.count >= 2, parts[0].starts(with: Array("HTTP/1.".utf8)),
      let status = Int(String(decoding: parts[1], as: UTF8.self))
    else {
      return .proxy(
        "the proxy's answer to CONNECT is not HTTP: "
          + Excerpt.quoted(String(decoding: statusLine.prefix(80), as: UTF8.self)))
    }
    guard (200..<300).contains(status) else {
      let reason = parts.count > 2 ? " " + String(decoding: parts[2].prefix(80), as: UTF8.self) : ""
      return .proxy("the proxy refused the tunnel: HTTP \(status)\(reason)")
    }
    return nil
  }

  /// Where the head's blank line ends (just after `\r\n\r\n`), or nil before it arrives.
  private static func blankLineEnd(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 3..<bytes.count
    where bytes[index - 3] == 13 && bytes[index - 2] == 10 && bytes[index - 1] == 13
      && bytes[index] == 10
    {
      return index + 1
    }
    return nil
  }
}
