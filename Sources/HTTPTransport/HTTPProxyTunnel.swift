import Core

/// The `CONNECT` exchange that opens a tunnel through an http proxy: the request, then the
/// proxy's answer read up to its blank line and no further (the bytes after it are the
/// server's, through the tunnel).
enum HTTPProxyTunnel {
  /// Asks `proxy` for a tunnel to `host` (checked) at its port over `socket`, and returns once
  /// it is open. The answer's head is read and parsed as any response's is
  /// (`HTTPResponseReader`, with its limit).
  /// - Throws: `.proxy` when the proxy refuses the tunnel (with its status) or answers
  ///   otherwise than HTTP; the socket's failure (a timeout, a cancellation, a lost
  ///   connection).
  static func open(
    through proxy: HTTPProxy, to host: HTTPHost, _ socket: PlainChannel
  ) throws(SocketTransportError) {
    try socket.send(proxy.connectRequest(to: host)).get()
    var bytes: [UInt8] = []
    while true {
      guard let received = try socket.receive().get() else {
        throw .proxy("the proxy closed the connection before answering CONNECT")
      }
      // A blank line may straddle two reads: look again from just before the new bytes.
      let searchFrom = max(0, bytes.count - 2)
      bytes += received
      if let end = HTTPResponseReader.headEnd(in: bytes, from: searchFrom) {
        guard end == bytes.count else {
          throw .proxy("the proxy sent bytes after its answer to CONNECT, before the server's")
        }
        break
      }
      guard bytes.count <= HTTPResponseReader.maximumHeadBytes else {
        throw .proxy(
          "the proxy's answer to CONNECT is over \(HTTPResponseReader.maximumHeadBytes) bytes")
      }
    }
    let head: HTTPResponseHead
    do {
      head = try HTTPResponseReader.parseHead(bytes)
    } catch {
      throw .proxy("the proxy's answer to CONNECT is not HTTP")
    }
    guard (200..<300).contains(head.status) else {
      // The reason phrase, for the person reading the error: `407 Proxy Authentication ...`.
      let statusLine = String(decoding: bytes.prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
      let reason = statusLine.split(separator: " ", maxSplits: 2).dropFirst(2).first
      throw .proxy(
        "the proxy refused the tunnel: HTTP \(head.status)"
          + (reason.map { " " + $0.prefix(80) } ?? ""))
    }
  }
}
