import Core
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sends load to an HTTP/1.1 server: `connections` keep-alive connections, each sending the
/// same POST back to back (the next as soon as the last answer is whole) for `seconds`,
/// while `idle` more connections, each served once first, sit open and silent the whole
/// run (what a server with many quiet clients holds).
///
/// Each thread drives its share of the connections with `poll` over blocking sockets, so a
/// few threads carry many connections; a thread per connection would measure the
/// scheduler. Any `http://host:port/path` works, so the same figures come from a server in
/// this process or from `switchyard serve` in another.
struct LoadGenerator: Sendable {
  var target: LoadTarget
  var body: [UInt8]
  var connections = 64
  var idle = 0
  var seconds = 10.0
  var threads = 1

  /// Runs the load on threads of its own (never the cooperative pool, which a server in
  /// this process needs) and returns what it measured.
  func run() async throws -> LoadResult {
    let idleSockets = try openIdle()
    defer { idleSockets.forEach(LoadSocket.close) }
    let shares = (0..<threads).map { thread in
      connections / threads + (thread < connections % threads ? 1 : 0)
    }
    var total = LoadResult()
    try await withThrowingTaskGroup(of: LoadResult.self) { group in
      for share in shares where share > 0 {
        group.addTask {
          try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
              continuation.resume(with: Result { try self.drive(share) })
            }
          }
        }
      }
      for try await result in group { total.merge(result) }
    }
    return total
  }

  /// Opens the idle connections, each served one request first, so they are kept-alive
  /// connections between requests rather than ones still owing a head.
  private func openIdle() throws -> [Int32] {
    var sockets: [Int32] = []
    let request = target.request(body: body)
    var buffer = [UInt8](repeating: 0, count: 16 * 1_024)
    do {
      for _ in 0..<idle {
        let socket = try LoadSocket.connect(host: target.host, port: target.port)
        sockets.append(socket)
        guard LoadSocket.sendAll(socket, request) else {
          throw LoadSocket.Failure(description: "an idle connection closed before its request")
        }
        var received: [UInt8] = []
        while case .incomplete = LoadResponseScanner.scan(received) {
          let count = buffer.withUnsafeMutableBytes { LoadSocket.receive(socket, into: $0) }
          guard count > 0 else {
            throw LoadSocket.Failure(description: "an idle connection closed before its answer")
          }
          received += buffer[..<count]
        }
      }
    } catch {
      sockets.forEach(LoadSocket.close)
      throw error
    }
    return sockets
  }

  /// One thread's share: `count` connections until the time is up.
  private func drive(_ count: Int) throws -> LoadResult {
    let request = target.request(body: body)
    var result = LoadResult()
    var sockets: [Int32] = []
    defer { sockets.forEach(LoadSocket.close) }
    for _ in 0..<count {
      sockets.append(try LoadSocket.connect(host: target.host, port: target.port))
    }
    var received = [[UInt8]](repeating: [], count: count)
    var sentAt = [ContinuousClock.Instant](repeating: .now, count: count)
    var active = [Bool](repeating: true, count: count)
    var watched = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    var buffer = [UInt8](repeating: 0, count: 64 * 1_024)
    let start = ContinuousClock.now
    let end = start + .milliseconds(Int64(seconds * 1_000))

    func fail(_ index: Int, _ why: String) {
      result.failures += 1
      result.firstFailure = result.firstFailure ?? why
    }
    /// Sends the next request on connection `index`, reconnecting once if it was closed.
    func sendNext(_ index: Int) {
      sentAt[index] = .now
      if LoadSocket.sendAll(sockets[index], request) { return }
      reconnect(index)
    }
    func reconnect(_ index: Int) {
      LoadSocket.close(sockets[index])
      received[index] = []
      guard let socket = try? LoadSocket.connect(host: target.host, port: target.port),
        LoadSocket.sendAll(socket, request)
      else {
        active[index] = false
        watched[index].fd = -1
        return
      }
      sockets[index] = socket
      watched[index].fd = socket
      sentAt[index] = .now
    }

    for index in 0..<count { sendNext(index) }
    while active.contains(true) {
      let ready = poll(&watched, nfds_t(watched.count), 1_000)
      guard ready > 0 else {
        if ready < 0, errno != EINTR { throw LoadSocket.Failure(description: "poll failed") }
        if ContinuousClock.now >= end + .seconds(10) { break }
        continue
      }
      for index in 0..<count where active[index] && watched[index].revents != 0 {
        let read = buffer.withUnsafeMutableBytes { LoadSocket.receive(sockets[index], into: $0) }
        guard read > 0 else {
          fail(index, "the server closed a connection")
          if ContinuousClock.now < end { reconnect(index) } else { active[index] = false }
          continue
        }
        received[index] += buffer[..<read]
        switch LoadResponseScanner.scan(received[index]) {
        case .incomplete:
          continue
        case .unreadable(let why):
          fail(index, why)
          active[index] = false
          watched[index].fd = -1
          continue
        case .response(let response):
          let now = ContinuousClock.now
          received[index].removeFirst(response.length)
          if (200..<300).contains(response.status) {
            result.served += 1
            let elapsed = now - sentAt[index]
            result.latencies.append(
              Int(elapsed.components.seconds) * 1_000_000_000
                + Int(elapsed.components.attoseconds / 1_000_000_000))
          } else {
            fail(index, "status \(response.status)")
          }
          if now < end {
            sendNext(index)
          } else {
            active[index] = false
            watched[index].fd = -1
          }
        }
      }
    }
    result.seconds = (ContinuousClock.now - start).timeInterval
    return result
  }
}
