/// Reading, writing and closing connections, and doing what their machines say.
extension EventLoop {
  func read(_ connection: ServerConnection) {
    guard connection.machine.wantsInput, !connection.peerClosed else { return }
    switch ServerSocket.receive(connection.descriptor, into: readBuffer) {
    case .bytes(let count):
      status.received(count)
      perform(connection, .received(Array(readBuffer[0..<count])))
    case .endOfStream:
      connection.peerClosed = true
      perform(connection, .peerClosed)
    case .wouldBlock:
      break
    case .failed:
      close(connection)
    }
  }

  /// Feeds `event` to the connection's machine and carries out its actions, then writes,
  /// updates what the socket is watched for and the memory count.
  func perform(_ connection: ServerConnection, _ event: HTTPConnectionMachine.Event) {
    let actions = connection.machine.handle(event, now: now, date: dateText)
    for action in actions {
      switch action {
      case .send(let bytes):
        if connection.pendingOutput == 0 { connection.lastWriteProgress = now }
        connection.output += bytes
      case .handle(let request):
        let (id, mailbox, handler) = (connection.id, mailbox, handler)
        connection.handlerTask = Task {
          let response = await handler(request)
          mailbox.post(.responded(id, response))
        }
      case .stream(let stream):
        let (id, mailbox) = (connection.id, mailbox)
        connection.streamTask = Task {
          for await bytes in stream { mailbox.post(.streamed(id, bytes)) }
          mailbox.post(.streamEnded(id))
        }
      case .cancelStream:
        connection.streamTask?.cancel()
        connection.streamTask = nil
      case .closeAfterSending:
        connection.closesAfterSending = true
      case .closeNow:
        return close(connection)
      case .log(let entry):
        configuration.accessLog?(entry)
      }
    }
    // `flush` watches the socket for what the connection needs next.
    guard flush(connection) else { return }
    count(connection)
  }

  /// Writes what the socket takes of the connection's output; once all is written and the
  /// machine said to close, closes.
  /// - Returns: whether the connection is still open.
  @discardableResult
  func flush(_ connection: ServerConnection) -> Bool {
    while connection.pendingOutput > 0 {
      let written = connection.output.withUnsafeBytes { bytes in
        ServerSocket.send(
          connection.descriptor, UnsafeRawBufferPointer(rebasing: bytes[connection.outputStart...]))
      }
      guard let written else {
        close(connection)
        return false
      }
      guard written > 0 else { break }
      connection.outputStart += written
      connection.lastWriteProgress = now
    }
    if connection.pendingOutput == 0 {
      // A large answer's buffer is not kept for the connection's life.
      connection.output.removeAll(keepingCapacity: connection.output.capacity <= Self.readSize)
      connection.outputStart = 0
      if connection.closesAfterSending {
        retire(connection)
        linger(connection.descriptor, peerClosed: connection.peerClosed)
        return false
      }
    }
    watch(connection)
    return true
  }

  /// Watches the socket for reading while the machine wants bytes, for writing while output
  /// waits.
  private func watch(_ connection: ServerConnection) {
    var interest: PollInterest = []
    if connection.machine.wantsInput, !connection.peerClosed { interest.insert(.read) }
    if connection.pendingOutput > 0 { interest.insert(.write) }
    guard interest != connection.interest else { return }
    connection.interest = interest
    poller.modify(connection.descriptor, interest: interest)
  }

  /// Counts the connection's request bytes in the server's budget; a connection whose bytes
  /// pass it is told it is over (503 while a request is read).
  private func count(_ connection: ServerConnection) {
    let held = connection.machine.heldBytes
    let growth = held - connection.countedBytes
    heldBytes += growth
    connection.countedBytes = held
    if growth > 0, heldBytes > configuration.maximumBufferedRequestBytes {
      perform(connection, .overloaded)
    }
  }

  /// Closes the connection at once: its tasks are cancelled, unsent output dropped.
  func close(_ connection: ServerConnection) {
    retire(connection)
    ServerSocket.close(connection.descriptor)
  }

  /// Takes the connection out of the loop's books, leaving its socket open.
  private func retire(_ connection: ServerConnection) {
    connection.cancelTasks()
    poller.remove(connection.descriptor)
    connections[connection.descriptor] = nil
    heldBytes -= connection.countedBytes
    connection.countedBytes = 0
    status.setActiveConnections(connections.count)
    resumeAccepting()
  }

  /// Shuts the socket's sending side and reads what the peer still sends for a moment before
  /// closing (`LingeringClose`); closes at once when the peer has closed already or too
  /// many sockets linger.
  func linger(_ descriptor: Int32, peerClosed: Bool) {
    let limit = max(16, configuration.maximumConnections / 4)
    guard !peerClosed, lingering.count < limit else {
      return ServerSocket.close(descriptor)
    }
    ServerSocket.shutdownWriting(descriptor)
    poller.add(descriptor, interest: .read)
    lingering[descriptor] = LingeringClose(
      deadline: now + min(LingeringClose.duration, configuration.headTimeout))
  }

  /// Reads and drops what a lingering socket received; closes it at its end or past the
  /// byte limit.
  func discard(_ descriptor: Int32) {
    switch ServerSocket.receive(descriptor, into: readBuffer) {
    case .bytes(let count):
      lingering[descriptor]?.discarded += count
      if let close = lingering[descriptor],
        close.discarded > LingeringClose.maximumDiscardedBytes
      {
        endLingering(descriptor)
      }
    case .wouldBlock:
      break
    case .endOfStream, .failed:
      endLingering(descriptor)
    }
  }

  func endLingering(_ descriptor: Int32) {
    guard lingering.removeValue(forKey: descriptor) != nil else { return }
    poller.remove(descriptor)
    ServerSocket.close(descriptor)
  }
}
