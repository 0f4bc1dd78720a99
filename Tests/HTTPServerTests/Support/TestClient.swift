import Core
import Foundation
import HTTPCore
@testable import HTTPTransport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A raw HTTP/1.1 client for the server's tests: it writes exactly the bytes a test gives
/// (pipelined, malformed, split anywhere) and reads responses with the transport's response
/// reader, one at a time, keeping what follows for the next.
///
/// Every wait is bounded by `patience`, which only stops a broken test from hanging: no test
/// depends on it for its result. Each call blocks a thread of its own, never one of the
/// cooperative pool, where the server's handlers run: a test that blocked the pool's threads
/// in reads would wait for answers no handler can give.
///
/// Unchecked `Sendable`: a test uses a client from one task, one call at a time.
final class TestClient: @unchecked Sendable {
  /// How long a read waits before the test fails instead of hanging: long, since in the
  /// whole suite other tests' synchronous work can hold the cooperative pool, where the
  /// server's handlers run, for tens of seconds.
  static let patience: Int32 = 180_000

  /// What a test reads: a response, whole.
  struct Response: Sendable {
    let status: Int
    let head: HTTPResponseHead
    let body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? { head.header(name) }
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  let descriptor: Int32
  /// Bytes read and not yet part of a response.
  private var pending: [UInt8] = []
  private var closed = false

  /// Connects to 127.0.0.1 at `port`.
  init(port: Int) throws {
    descriptor = POSIXSocket.stream(family: AF_INET)
    guard descriptor >= 0 else { throw Failure(description: "socket failed") }
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
      var on: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      // No close here: every stored property is set, so `deinit` runs and closes it. A
      // second close could close a descriptor number another test has since been given.
      throw Failure(description: "connect to port \(port) failed (errno \(errno))")
    }
  }

  deinit {
    if !closed, descriptor >= 0 { Self.close(descriptor) }
  }

  /// Sends `text` as UTF-8.
  func send(_ text: String) async throws {
    try await send(Array(text.utf8))
  }

  /// Sends `bytes`, all of them. A peer that is gone is not an error here: tests read what
  /// the server answered next.
  func send(_ bytes: [UInt8]) async throws {
    try await Self.offThePool { self.sendBlocking(bytes) }
  }

  private func sendBlocking(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        #if canImport(Darwin)
          return Darwin.send(descriptor, base + offset, bytes.count - offset, 0)
        #else
          return Glibc.send(descriptor, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
        #endif
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }

  /// Runs `work` on a thread of its own and returns what it returned.
  static func offThePool<T: Sendable>(
    _ work: @escaping @Sendable () throws -> T
  ) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
  }

  /// Reads the next response, whole (interim 1xx responses skipped).
  /// - Parameter method: the request's method: a response to HEAD has no body.
  func readResponse(to method: String = "GET") async throws -> Response {
    try await Self.offThePool { try self.readResponseBlocking(to: method) }
  }

  private func readResponseBlocking(to method: String) throws -> Response {
    var reader = HTTPResponseReader(method: method)
    var head: HTTPResponseHead?
    var body: [UInt8] = []
    while true {
      while !pending.isEmpty {
        // One byte at a time, so the bytes after this response stay for the next.
        let byte = pending.removeFirst()
        for event in try reader.consume([byte]) {
          switch event {
          case .head(let value): head = value
          case .body(let bytes): body += bytes
          case .end:
            guard let head else { throw Failure(description: "a response without a head") }
            return Response(status: head.status, head: head, body: body)
          }
        }
      }
      guard let bytes = try receiveBytes() else {
        for event in try reader.finish() {
          if case .end = event, let head {
            return Response(status: head.status, head: head, body: body)
          }
        }
        throw Failure(description: "the server closed before a whole response")
      }
      pending += bytes
    }
  }

  /// Whether the server closes the connection with nothing more to read (true), or sends
  /// more bytes (false).
  func isClosedByServer() async throws -> Bool {
    try await Self.offThePool {
      guard self.pending.isEmpty else { return false }
      return try self.receiveBytes() == nil
    }
  }

  /// Everything until the server closes.
  func readUntilClosed() async throws -> [UInt8] {
    try await Self.offThePool {
      var all = self.pending
      self.pending = []
      while let bytes = try self.receiveBytes() { all += bytes }
      return all
    }
  }

  /// Shuts this side's sending half: the server reads the end of the stream.
  func finishSending() {
    _ = shutdown(descriptor, Int32(SHUT_WR))
  }

  /// Closes the socket.
  func close() {
    guard !closed else { return }
    closed = true
    Self.close(descriptor)
  }

  /// The next bytes, or nil at the end of the stream (or a reset).
  private func receiveBytes() throws -> [UInt8]? {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    var ready: Int32 = -1
    while ready < 0 {
      ready = poll(&entry, 1, Self.patience)
      if ready < 0 && errno != EINTR { throw Failure(description: "poll failed") }
    }
    guard ready > 0 else { throw Failure(description: "no answer within the test's patience") }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 { return Array(buffer[..<count]) }
      if count < 0 && errno == EINTR { continue }
      return nil
    }
  }

  private static func close(_ descriptor: Int32) {
    POSIXSocket.close(descriptor)
  }
}

extension TestClient {
  /// Reads raw bytes up to and including the first blank line: an interim response's head,
  /// which `readResponse` would skip.
  func readHead() async throws -> String {
    try await Self.offThePool { try self.readHeadBlocking() }
  }

  private func readHeadBlocking() throws -> String {
    while true {
      if let end = HTTPResponseReader.headEnd(in: pending, from: 0) {
        let head = Array(pending[..<end])
        pending.removeFirst(end)
        return String(decoding: head, as: UTF8.self)
      }
      guard let bytes = try receiveBytes() else {
        throw Failure(description: "the server closed before a head")
      }
      pending += bytes
    }
  }
}

extension TestClient {
  /// Reads raw bytes up to and including `marker`: for a stream's chunks as they come.
  func read(through marker: String) async throws -> String {
    try await Self.offThePool {
      let bytes = Array(marker.utf8)
      while true {
        if let range = self.pending.firstRange(of: bytes) {
          let text = String(decoding: self.pending[..<range.upperBound], as: UTF8.self)
          self.pending.removeFirst(range.upperBound)
          return text
        }
        guard let more = try self.receiveBytes() else {
          throw Failure(description: "the server closed before \(marker.debugDescription)")
        }
        self.pending += more
      }
    }
  }
}
