/// Taking new connections, and refusing those beyond the limit.
extension EventLoop {
  /// Connections taken per wake at most, so a flood of new ones cannot starve the open ones.
  static let acceptsPerWake = 256

  func acceptConnections() {
    for _ in 0..<Self.acceptsPerWake {
      switch ServerSocket.accept(listener) {
      case .connection(let descriptor, let remoteAddress):
        admit(descriptor, remoteAddress: remoteAddress)
      case .none:
        return
      case .outOfDescriptors:
        // The listener stays readable while a connection waits, so watching it now would
        // spin; it is watched again when a connection closes or at the next sweep.
        poller.modify(listener, interest: [])
        acceptPaused = true
        return
      case .failed:
        continue
      }
    }
  }

  func resumeAccepting() {
    guard acceptPaused, listening else { return }
    acceptPaused = false
    poller.modify(listener, interest: .read)
  }

  private func admit(_ descriptor: Int32, remoteAddress: String) {
    guard connections.count < configuration.maximumConnections else {
      return refuse(descriptor, remoteAddress: remoteAddress)
    }
    nextSerial += 1
    let settings = HTTPConnectionMachine.Settings(
      limits: HTTPRequestParser.Limits(
        maximumHeadBytes: configuration.maximumHeadBytes,
        maximumBodyBytes: configuration.maximumBodyBytes),
      headTimeout: configuration.headTimeout, idleTimeout: configuration.idleTimeout,
      remoteAddress: remoteAddress)
    let connection = ServerConnection(
      id: ConnectionID(descriptor: descriptor, serial: nextSerial),
      machine: HTTPConnectionMachine(settings: settings, openedAt: now), now: now)
    connections[descriptor] = connection
    poller.add(descriptor, interest: .read)
    status.setActiveConnections(connections.count)
  }

  /// Answers 503 on a connection beyond the limit and closes it: one small write into an
  /// empty socket buffer, which cannot block. The answer goes to the access log as every
  /// other does (no request was read: `- -`), so a server that counts its answers there sees
  /// how many it turned away.
  private func refuse(_ descriptor: Int32, remoteAddress: String) {
    let details =
      "the server is serving as many connections as it may (\(configuration.maximumConnections)); retry later"
    let answer = HTTPResponseEncoder.errorResponse(
      status: 503, code: "GENERAL", details: details, date: dateText)
    // Logged before it is sent, as the connections' answers are.
    configuration.accessLog?(
      AccessLogEntry(
        method: "-", path: "-", status: 503,
        bodyBytes: answer.bodyBytes,
        duration: .zero, remoteAddress: remoteAddress))
    let sent = answer.bytes.withUnsafeBytes { ServerSocket.send(descriptor, $0) }
    linger(descriptor, peerClosed: sent == nil)
  }
}
