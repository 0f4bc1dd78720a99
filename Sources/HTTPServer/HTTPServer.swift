import Core
import Foundation

/// An HTTP/1.1 server for the internet: keep-alive and pipelining, chunked request bodies,
/// strict framing (RFC 9112's smuggling rules), bounded heads, bodies, connections, time and
/// memory, and a graceful shutdown. POSIX sockets only; no dependency.
///
/// How it runs, and why (two cores, thousands of idle connections): one event-loop thread
/// owns every socket. It waits on all of them at once (`epoll` on Linux, so an idle
/// connection costs nothing per wait; `poll` on Apple's systems), reads what is ready into a
/// per-connection parser, and writes answers without ever blocking. Each request's handler
/// runs as a Swift task on the cooperative pool, so handlers use both cores and may await
/// anything; their answers come back to the loop through a locked queue and a wake pipe.
/// One I/O thread is enough here: with two cores, the handlers' pool already has both, a
/// second loop would only compete with them, and a single owner keeps every connection's
/// state free of locks. A thread per connection would cost a stack per idle client and a
/// context switch per request; Dispatch sources would add a hop per readiness event.
///
/// Everything a client controls is bounded: the head (431), the body (413, decided before it
/// is read), the time to send a head (408 after `headTimeout`; idle keep-alive connections
/// close after `idleTimeout`), the connections (503 beyond `maximumConnections`), the bytes
/// held for requests across all connections (503), and what a slow reader of a stream may
/// leave unsent. The server's own answers are OFREP's JSON error shape. See
/// `HTTPServerConfiguration` for each limit and `AccessLogEntry` for what is logged.
///
/// ```swift
/// let server = HTTPServer(configuration: .init(port: 0)) { request in
///   HTTPServerResponse(status: 200, body: .bytes(Array("ok".utf8)))
/// }
/// let (host, port) = try server.start()
/// ...
/// await server.shutdown(gracePeriod: .seconds(10))
/// ```
package final class HTTPServer: Sendable {
  private enum Lifecycle {
    case notStarted
    case running(LoopMailbox, ticker: Task<Void, Never>?)
    case stopped
  }

  private let configuration: HTTPServerConfiguration
  private let handler: HTTPServerHandler
  private let pollerKind: PollerKind
  private let lifecycle = LockedState(Lifecycle.notStarted)
  private let status = ServerStatus()

  /// A server that answers every request with `handler`; nothing happens until `start()`.
  package convenience init(
    configuration: HTTPServerConfiguration, handler: @escaping HTTPServerHandler
  ) {
    self.init(configuration: configuration, pollerKind: .preferred, handler: handler)
  }

  /// A server on a chosen poller: the tests run the `poll` loop Apple's systems use.
  init(
    configuration: HTTPServerConfiguration, pollerKind: PollerKind,
    handler: @escaping HTTPServerHandler
  ) {
    self.configuration = configuration
    self.pollerKind = pollerKind
    self.handler = handler
  }

  /// Binds, listens and starts the event loop; the server answers from when this returns.
  /// - Returns: the host as configured and the port bound (the system's pick for port 0).
  /// - Throws: `HTTPServerError` when the address cannot be listened on, the system refuses
  ///   a pipe or poller, or the server was started before.
  package func start() throws(HTTPServerError) -> (host: String, port: Int) {
    let port = lifecycle.withLock { lifecycle -> Result<Int, HTTPServerError> in
      guard case .notStarted = lifecycle else { return .failure(.alreadyStarted) }
      do throws(HTTPServerError) {
        let (mailbox, ticker, port) = try launch()
        lifecycle = .running(mailbox, ticker: ticker)
        return .success(port)
      } catch {
        return .failure(error)
      }
    }
    return (configuration.host, try port.get())
  }

  /// Listens and starts the loop's thread (and the ticker, on a clock not the system's).
  private func launch() throws(HTTPServerError) -> (LoopMailbox, Task<Void, Never>?, Int) {
    let backlog = Int32(min(max(configuration.maximumConnections, 128), 4_096))
    let (listener, port) = try ServerSocket.listen(
      host: configuration.host, port: configuration.port, backlog: backlog)
    guard let mailbox = LoopMailbox() else {
      ServerSocket.close(listener)
      throw .cannotStart("no descriptor for the event loop's wake pipe")
    }
    guard let poller = pollerKind.make() else {
      ServerSocket.close(listener)
      mailbox.close()
      throw .cannotStart("no descriptor for the event loop's poller")
    }
    let loop = EventLoop(
      configuration: configuration, handler: handler, listener: listener, poller: poller,
      mailbox: mailbox, status: status)
    let thread = Thread { loop.run() }
    thread.name = "HTTPServer :\(port)"
    thread.start()
    let ticker = loop.clock.pacesItself ? nil : ticker(mailbox, interval: loop.sweepInterval)
    return (mailbox, ticker, port)
  }

  /// Stops accepting at once, closes idle keep-alive connections, ends streaming responses,
  /// lets requests in flight finish for at most `gracePeriod` (their answers say
  /// `Connection: close`), then closes everything, cancelling handlers still running.
  /// Returns once every socket is closed and the loop's thread has ended. A server never
  /// started just becomes stopped; calling again waits for the same end.
  package func shutdown(gracePeriod: Duration) async {
    let running = lifecycle.withLock { lifecycle -> (LoopMailbox, Task<Void, Never>?)? in
      switch lifecycle {
      case .notStarted:
        lifecycle = .stopped
        return nil
      case .running(let mailbox, let ticker):
        return (mailbox, ticker)
      case .stopped:
        return nil
      }
    }
    guard let (mailbox, ticker) = running else { return }
    mailbox.post(.shutdown)
    // The grace period is a sleep on the configured time source, begun when shutdown is
    // asked for: a test's manual clock ends it when the test moves the clock past it.
    let time = configuration.timeSource
    let graceTimer = Task {
      if gracePeriod > .zero {
        do {
          try await time.sleep(for: gracePeriod)
        } catch {
          return
        }
      }
      mailbox.post(.graceEnded)
    }
    await status.waitUntilFinished()
    graceTimer.cancel()
    ticker?.cancel()
  }

  /// Connections being served now (not counting those refused beyond the limit or being
  /// closed), for metrics.
  package var activeConnections: Int {
    status.activeConnections
  }

  /// Request bytes read since the server started: a test that moves a manual clock first
  /// waits until the server has read what its clients sent.
  var receivedBytes: Int {
    status.receivedBytes
  }

  /// For a loop that does not pace itself (`ServerClock`: a time source that is not the
  /// system's clock), a task that sleeps on that source and tells the loop each time it
  /// wakes, so deadlines follow it (a test's manual clock).
  private func ticker(_ mailbox: LoopMailbox, interval: Duration) -> Task<Void, Never> {
    let time = configuration.timeSource
    return Task {
      while !Task.isCancelled {
        do {
          try await time.sleep(for: interval)
        } catch {
          return
        }
        mailbox.post(.tick)
      }
    }
  }
}
