import Core
import Foundation
import HTTPCore

/// HTTP/1.1 over a TCP socket, one thread per request, with every wait bounded: a silence
/// longer than the idle timeout fails with `HTTPError.timeout`, and cancelling wakes any wait
/// at once through a pipe. The run's own failures (`SocketTransportError`) become an
/// `HTTPError` where it ends the request, and only there. Carries `http:` everywhere and, on
/// Linux, `https:` too, through `TLSChannel` (OpenSSL, loaded when first needed).
///
/// Ours rather than URLSession's because URLSession on Linux reads a redirect's body to its
/// end before telling its delegate anything (a server that redirects and then streams without
/// end kept a fetch spinning until its timeout), its cancellation can block, and it needs
/// libcurl, whose thirty-odd libraries every process then loads at start. Here every
/// response's bytes are seen as they arrive: a redirect's head is handed over as soon as it is
/// read and its body is never read, and a body stops at the connection's limit.
enum HTTPSocketTransport {
  /// Sends `request` to `host` (its URL's, checked) and feeds the response to `connection`,
  /// on a new thread.
  /// - Parameters:
  ///   - clearance: where the secret guard lets the request go (`.loopbackOnly`: only to
  ///     the loopback addresses the name resolves to).
  ///   - trust: the certificate authorities an `https:` server must chain to.
  ///   - proxies: the proxy an `https:` request tunnels through, if any.
  ///   - pinnedAddresses: names answered with these addresses instead of asking the
  ///     system's resolver (see `HTTPTransportChoice.sockets`).
  static func start(
    _ request: HTTPRequest, host: HTTPHost, clearance: HTTPSecretClearance = .anywhere,
    idleTimeout: Duration, trust: TLSTrust = .system, proxies: HTTPProxySettings = .none,
    pinnedAddresses: [String: String] = [:], connection: HTTPConnection
  ) {
    guard let wakePipe = HTTPSocket.makeWakePipe() else {
      connection.finish(throwing: HTTPError(.cannotConnect, url: request.url))
      return
    }
    let run = SocketRun(
      request: request, host: host, clearance: clearance, connection: connection,
      wakePipe: wakePipe, timeout: milliseconds(idleTimeout), trust: trust, proxies: proxies,
      pinnedAddresses: pinnedAddresses)
    connection.setStop { run.wake() }
    Thread.detachNewThread { run.run() }
  }

  /// A timeout for `poll`, in milliseconds: at least 1, at most a day.
  static func milliseconds(_ duration: Duration) -> Int32 {
    let seconds = duration.timeInterval
    guard seconds.isFinite, seconds > 0 else { return 1 }
    return Int32(max(1, min(seconds * 1_000, 86_400_000)).rounded(.up))
  }

  /// The request's bytes: the request line, `Host` (`host`, the URL's, checked), the caller's
  /// headers, `Content-Length` when there is a body, `Connection: close` (one request per
  /// connection), and the body.
  /// - Throws: `.invalidResponse` naming a header that could smuggle a line.
  static func requestBytes(
    _ request: HTTPRequest, host: HTTPHost
  ) throws(HTTPError) -> [UInt8] {
    let components = URLComponents(url: request.url, resolvingAgainstBaseURL: true)
    var target = components?.percentEncodedPath ?? "/"
    if target.isEmpty { target = "/" }
    if let query = components?.percentEncodedQuery { target += "?" + query }
    var text = "\(request.method) \(target) HTTP/1.1\r\nHost: \(host.authority)\r\n"
    for (name, value) in request.headers {
      let reserved = ["host", "connection", "content-length", "transfer-encoding"]
      guard !reserved.contains(name.lowercased()) else { continue }
      guard HTTPToken.isToken(name),
        !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" })
      else {
        throw .invalidResponse("request header \(Excerpt.quoted(name)) holds a line break")
      }
      text += "\(name): \(value)\r\n"
    }
    if let body = request.body { text += "Content-Length: \(body.count)\r\n" }
    text += "Connection: close\r\n\r\n"
    return Array(text.utf8) + (request.body ?? [])
  }

}

/// One request's thread: connects, sends, reads, and hands the response to the connection.
private final class SocketRun: Sendable {
  let request: HTTPRequest
  let host: HTTPHost
  let clearance: HTTPSecretClearance
  let connection: HTTPConnection
  let timeout: Int32
  let trust: TLSTrust
  let proxies: HTTPProxySettings
  let pinnedAddresses: [String: String]
  private let wakeRead: Int32
  private let wakeWrite: Int32
  /// Whether the pipe is closed (the thread is over), so `wake` never writes to a
  /// descriptor number the system has reused.
  private let isClosed = LockedState(false)

  init(
    request: HTTPRequest, host: HTTPHost, clearance: HTTPSecretClearance,
    connection: HTTPConnection, wakePipe: (read: Int32, write: Int32), timeout: Int32,
    trust: TLSTrust, proxies: HTTPProxySettings, pinnedAddresses: [String: String]
  ) {
    self.request = request
    self.host = host
    self.clearance = clearance
    self.connection = connection
    self.timeout = timeout
    self.trust = trust
    self.proxies = proxies
    self.pinnedAddresses = pinnedAddresses
    wakeRead = wakePipe.read
    wakeWrite = wakePipe.write
  }

  /// Ends any wait of the thread; it then closes the socket and stops.
  func wake() {
    isClosed.withLock { closed in
      if !closed { HTTPSocket.wake(wakeWrite) }
    }
  }

  func run() {
    defer {
      isClosed.withLock { closed in
        closed = true
        HTTPSocket.close(wakeRead)
        HTTPSocket.close(wakeWrite)
      }
    }
    let bytes: [UInt8]
    do {
      bytes = try HTTPSocketTransport.requestBytes(request, host: host)
    } catch {
      return connection.finish(throwing: error)
    }
    let isHTTPS = request.url.scheme?.lowercased() == "https"
    let proxy: HTTPProxy?
    do {
      proxy = isHTTPS ? try proxies.proxy(for: host) : nil
    } catch {
      return finish(error)
    }
    let peer = proxy.map { (name: $0.host, port: $0.port) } ?? (name: host.name, port: host.port)
    guard
      var addresses = HTTPSocket.resolve(
        host: pinnedAddresses[peer.name] ?? peer.name, port: peer.port)
    else {
      return finish(
        proxy == nil
          ? .cannotFindHost
          : .proxy("cannot find the proxy's host \(Excerpt.quoted(peer.name))"))
    }
    // A secret over plain http goes only to a loopback address, whatever the name.
    if case .loopbackOnly(let refusal) = clearance {
      addresses.removeAll { !clearance.permits(family: $0.family, socketAddress: $0.address) }
      guard !addresses.isEmpty else {
        return connection.finish(throwing: .secretRefused(refusal))
      }
    }
    guard let descriptor = connect(addresses, toProxy: proxy != nil) else { return }
    defer { HTTPSocket.close(descriptor) }
    let socket = PlainChannel(descriptor: descriptor, wake: wakeRead, timeout: timeout)
    let channel: any HTTPByteChannel
    do throws(SocketTransportError) {
      if let proxy { try HTTPProxyTunnel.open(through: proxy, to: host, socket) }
      channel = isHTTPS ? try secure(socket) : socket
    } catch {
      return finish(error)
    }
    if case .failure(let failure) = channel.send(bytes) { return finish(failure) }
    read(channel)
  }

  /// The socket's bytes through TLS, for `https:`.
  private func secure(_ socket: PlainChannel) throws(SocketTransportError) -> any HTTPByteChannel {
    #if canImport(Darwin)
      // On Apple's systems https goes over URLSession (`HTTPExchange`); never here.
      throw .tls(.unavailable("https goes over URLSession on this system"))
    #else
      return try TLSChannel(
        over: socket, serverName: host.serverName, isAddress: host.kind != .name, trust: trust)
    #endif
  }

  /// Ends the request with what the run's `failure` means for the caller: the one place a
  /// `SocketTransportError` becomes an `HTTPError`.
  private func finish(_ failure: SocketTransportError) {
    connection.finish(throwing: HTTPError(failure, url: request.url))
  }

  /// The first address that accepts; nil (with the connection finished) when none does.
  private func connect(
    _ addresses: [(family: Int32, address: [UInt8])], toProxy: Bool
  ) -> Int32? {
    var failure =
      toProxy ? SocketTransportError.proxy("cannot connect to the proxy") : .cannotConnect
    for address in addresses {
      switch HTTPSocket.connect(
        family: address.family, address: address.address, wake: wakeRead, timeout: timeout)
      {
      case .success(let descriptor):
        return descriptor
      case .failure(.cancelled):
        finish(.cancelled)
        return nil
      case .failure(.timedOut):
        failure = .timedOut
      case .failure:
        continue  // refused (`.cannotConnect`): the next address may answer
      }
    }
    finish(failure)
    return nil
  }

  /// Reads until the response is complete, the connection fails, the idle timeout passes
  /// or the connection is cancelled (the head of a redirect cancels it: its body is never
  /// read).
  private func read(_ channel: any HTTPByteChannel) {
    var reader = HTTPResponseReader(method: request.method)
    while true {
      let events: [HTTPResponseReader.Event]
      do throws(HTTPResponseReader.Failure) {
        switch channel.receive() {
        case .success(let bytes?): events = try reader.consume(bytes)
        case .success(nil): events = try reader.finish()
        case .failure(let failure): return finish(failure)
        }
      } catch {
        switch error {
        case .truncated:
          return finish(.connectionLost)
        case .malformed(let detail):
          return connection.finish(throwing: .invalidResponse("malformed HTTP response: \(detail)"))
        }
      }
      for event in events {
        switch event {
        case .head(let head):
          connection.deliver(head: head)
        case .body(let bytes):
          guard bytes.isEmpty || connection.deliver(body: bytes) else { return }
        case .end:
          return connection.finish(throwing: nil)
        }
      }
    }
  }
}
