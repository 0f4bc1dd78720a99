import Core
import Foundation
import HTTPCore

/// The server's one I/O thread: it waits on every socket at once, reads, feeds each
/// connection's machine, writes what the machines answer, and runs each request's handler as
/// a Swift task whose answer comes back through the mailbox.
///
/// All connection state lives here and only this thread touches it, so nothing about a
/// connection needs a lock; the mailbox is the one shared queue. Handed to its thread once at
/// start and never used by another thread after that, which is why it may be marked
/// `@unchecked Sendable`.
final class EventLoop: @unchecked Sendable {
  /// Bytes of request a stream's unread output may reach before its client is dropped: a
  /// client that does not read its events must not grow the server's memory.
  static let maximumUnsentStreamBytes = 4 << 20
  /// What one read takes at most.
  static let readSize = 64 * 1024

  let configuration: HTTPServerConfiguration
  let handler: HTTPServerHandler
  let mailbox: LoopMailbox
  let status: ServerStatus
  let clock: ServerClock
  let poller: any ReadinessPoller
  let listener: Int32
  /// How often deadlines are checked: a tenth of the shortest timeout, 10 ms to 1 s, so a
  /// timeout fires at most a tenth late.
  let sweepInterval: Duration

  var connections: [Int32: ServerConnection] = [:]
  var lingering: [Int32: LingeringClose] = [:]
  var listening = true
  var acceptPaused = false
  var isStopping = false
  var nextSerial: UInt64 = 0
  /// Request bytes all connections hold, against `maximumBufferedRequestBytes`.
  var heldBytes = 0
  /// The loop's time, read once per wake.
  var now: Duration = .zero
  var nextSweep: Duration = .zero
  /// The `Date` header's value, formatted once per second.
  var dateText = ""
  private var dateSecond = Int.min
  private var ready: [ReadyDescriptor] = []
  let readBuffer: UnsafeMutableRawBufferPointer

  init(
    configuration: HTTPServerConfiguration, handler: @escaping HTTPServerHandler,
    listener: Int32, poller: any ReadinessPoller, mailbox: LoopMailbox, status: ServerStatus
  ) {
    self.configuration = configuration
    self.handler = handler
    self.listener = listener
    self.poller = poller
    self.mailbox = mailbox
    self.status = status
    clock = ServerClock(configuration.timeSource)
    let shortest = min(configuration.headTimeout, configuration.idleTimeout) / 10
    sweepInterval = min(max(shortest, .milliseconds(10)), .seconds(1))
    readBuffer = .allocate(byteCount: Self.readSize, alignment: 16)
  }

  /// Runs until shutdown has closed every connection, then releases everything.
  func run() {
    poller.add(listener, interest: .read)
    poller.add(mailbox.wakeDescriptor, interest: .read)
    refreshTime()
    nextSweep = now + sweepInterval
    while !(isStopping && connections.isEmpty && lingering.isEmpty) {
      poller.wait(milliseconds: waitMilliseconds(), into: &ready)
      refreshTime()
      for item in ready { dispatch(item) }
      for message in mailbox.take() { receive(message) }
      if clock.pacesItself, now >= nextSweep { sweep() }
    }
    tearDown()
  }

  /// How long the wait may last: until the next sweep on the system's clock; on another
  /// clock, until a tick or another message wakes the loop.
  private func waitMilliseconds() -> Int32 {
    guard clock.pacesItself else { return -1 }
    let milliseconds = (nextSweep - now) / .milliseconds(1)
    return Int32(min(max(milliseconds.rounded(.up), 0), 1_000))
  }

  private func refreshTime() {
    now = clock.now()
    let date = clock.date()
    let seconds = date.timeIntervalSince1970
    let second = seconds.isFinite ? Int(min(max(seconds, -1e15), 1e15).rounded(.down)) : 0
    guard second != dateSecond else { return }
    dateSecond = second
    dateText = HTTPDate.format(date)
  }

  private func dispatch(_ item: ReadyDescriptor) {
    if item.descriptor == mailbox.wakeDescriptor {
      mailbox.drainWakePipe()
    } else if item.descriptor == listener, listening {
      acceptConnections()
    } else if let connection = connections[item.descriptor] {
      if item.readable { read(connection) }
      if item.writable, connections[item.descriptor] === connection { flush(connection) }
    } else if lingering[item.descriptor] != nil {
      discard(item.descriptor)
    }
  }

  private func receive(_ message: LoopMailbox.Message) {
    switch message {
    case .responded(let id, let response):
      guard let connection = connection(id) else { return }
      connection.handlerTask = nil
      perform(connection, .responded(response))
    case .streamed(let id, let bytes):
      guard let connection = connection(id) else { return }
      guard connection.pendingOutput <= Self.maximumUnsentStreamBytes else {
        return close(connection)
      }
      perform(connection, .streamed(bytes))
    case .streamEnded(let id):
      guard let connection = connection(id) else { return }
      connection.streamTask = nil
      perform(connection, .streamEnded)
    case .tick:
      sweep()
    case .shutdown:
      beginShutdown()
    case .graceEnded:
      closeEverything()
    }
  }

  /// The open connection `id` names, if it is still open.
  private func connection(_ id: ConnectionID) -> ServerConnection? {
    guard let connection = connections[id.descriptor], connection.id == id else { return nil }
    return connection
  }

  /// Checks every deadline: a connection's (head, body, idle), a stalled write, a lingering
  /// close.
  func sweep() {
    nextSweep = now + sweepInterval
    for (descriptor, close) in lingering where now >= close.deadline {
      endLingering(descriptor)
    }
    for connection in Array(connections.values)
    where connections[connection.descriptor] === connection {
      if connection.pendingOutput > 0,
        now - connection.lastWriteProgress >= configuration.idleTimeout
      {
        close(connection)
      } else if let deadline = connection.machine.deadline, now >= deadline {
        perform(connection, .deadlinePassed)
      }
    }
    resumeAccepting()
  }

  private func beginShutdown() {
    guard !isStopping else { return }
    isStopping = true
    if listening {
      listening = false
      poller.remove(listener)
      ServerSocket.close(listener)
    }
    for connection in Array(connections.values) {
      perform(connection, .shutdownBegan)
    }
  }

  /// The grace period is over: every connection closes now, its handler cancelled, and
  /// the loop ends.
  private func closeEverything() {
    beginShutdown()
    for connection in Array(connections.values) { close(connection) }
    for descriptor in Array(lingering.keys) { endLingering(descriptor) }
  }

  private func tearDown() {
    if listening {
      listening = false
      poller.remove(listener)
      ServerSocket.close(listener)
    }
    poller.remove(mailbox.wakeDescriptor)
    poller.close()
    mailbox.close()
    readBuffer.deallocate()
    status.finish()
  }
}
