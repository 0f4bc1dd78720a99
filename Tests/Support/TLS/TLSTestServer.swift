import Core
import Dispatch
public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A real HTTPS server on 127.0.0.1 for the tests of the https transport: `tls-server.py` next
/// to this file, run by python3 (standard library only, so every CI machine has what it needs),
/// serving `localhost.pem`, which `test-ca.pem` signed.
///
/// The certificate names `localhost` (and `proxied.test`, see `Kind.connectProxy`) and no
/// address, on purpose: `url(_:)` verifies against
/// `caCertificatePath`, while `ipURL(_:)` reaches the same server by an address the
/// certificate does not name, so the name check must fail; a client that trusts only
/// `otherCACertificatePath` must reject the issuer. Other kinds present certificates whose
/// names test how strictly a client matches (`Kind.subjectNameOnly`, `.partialWildcard`,
/// `.wildcard`). The files are fixed (valid 2026-01-01 to 2125-12-31, but for `expired.pem`,
/// valid only in 2020); `make-certificates.sh` makes new ones.
///
/// Every answer is HTTP/1.1 with `Connection: close`, one request per connection:
///
/// - `/hello`: 200, `application/json`, `ETag: "7"`, `{"greeting": "hello over tls"}`
/// - `/chunked`: 200, the same body in three chunks
/// - `/big`: 200, 2,000,000 bytes of `x` with a Content-Length
/// - `/redirect`: 302 to `/hello`
/// - `/echo`: 200, `{"method", "path", "headers" (lower-cased names), "body" (as text)}`
/// - `/stream`: 200, one chunked line, then silence until the client hangs up
/// - `/until-close`: 200, the `/hello` body without a length, ended by `close_notify`
/// - `/cut`: the same, but the connection ends with no `close_notify`
/// - anything else: 404
///
/// The server exits when its standard input reaches end of file. This object holds the other
/// end of that pipe, so a test process that crashes leaves no server behind; `stop()` (which
/// `with` and `deinit` call) ends it at once.
///
/// ```swift
/// try await TLSTestServer.with { server in
///   // a transport that trusts TLSTestServer.caCertificatePath:
///   //   server.url("/hello") verifies, server.ipURL("/hello") fails the name check
/// }
/// ```
public final class TLSTestServer: Sendable {
  /// The server could not start: python3 is missing, the script failed, or no port line came
  /// within the deadline.
  public struct StartError: Error, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    /// The message, naming the server.
    public var description: String { "TLS test server: \(message)" }
  }

  /// The running process and the write end of its standard input, until `stop()`.
  private struct Running {
    let process: Process
    let input: FileHandle
  }

  /// The port the server listens on, on 127.0.0.1.
  public let port: Int
  private let running: LockedState<Running?>
  /// Where a `.connectProxy` server records what it is sent.
  private let proxyLog: URL?

  /// The folder of this file, which holds the script and the certificates.
  private static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  /// The absolute path of `test-ca.pem`, the CA that signed the server's certificate.
  public static let caCertificatePath = directory.appendingPathComponent("test-ca.pem").path

  /// The absolute path of `other-ca.pem`, a CA that signed nothing the server presents.
  public static let otherCACertificatePath = directory.appendingPathComponent("other-ca.pem").path

  /// How long the server has to print its port, in seconds.
  private static let startDeadline = 10

  /// How long `stop()` lets the server exit on its own before it kills it, in seconds.
  private static let exitDeadline: TimeInterval = 5

  /// What the server is.
  public enum Kind: Sendable {
    /// The HTTPS server described above.
    case tls
    /// The same, presenting `expired.pem`: the same names and authority, valid only in 2020.
    case expiredCertificate
    /// The same, presenting `subject-only.pem`: `cn-only.a.test` in the subject's CN and no
    /// subjectAltName.
    case subjectNameOnly
    /// The same, presenting `partial-wildcard.pem`: only `f*.a.test` in its subjectAltName.
    case partialWildcard
    /// The same, presenting `wildcard.pem`: only `*.a.test` in its subjectAltName.
    case wildcard
    /// A server on the wrong port: it answers every connection at once with a plain
    /// `HTTP/1.1 400`, whatever the client sends.
    case notTLS
    /// An http proxy that tunnels `CONNECT` requests carrying `proxyAuthorization`'s
    /// credentials (407 without them), relaying every tunnel to 127.0.0.1 at the port asked
    /// for, whatever the host: so `proxied.test`, which the certificate also names and no
    /// resolver knows, reaches a `.tls` server only through it. It records what each
    /// connection sends before its tunnel opens (`proxyReceived`).
    case connectProxy
  }

  /// The user and password the `.connectProxy` server requires.
  public static let proxyCredentials = (user: "tester", password: "proxy-secret")

  /// Starts tls-server.py as `kind`; throws when python3 cannot start or prints no port
  /// within 10 s.
  public init(_ kind: Kind = .tls) throws {
    let proxyLog =
      kind == .connectProxy
      ? FileManager.default.temporaryDirectory.appendingPathComponent(
        "switchyard-proxy-\(UUID().uuidString).log") : nil
    self.proxyLog = proxyLog
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let script = Self.directory.appendingPathComponent("tls-server.py").path
    switch kind {
    case .tls, .expiredCertificate, .subjectNameOnly, .partialWildcard, .wildcard:
      let certificate =
        switch kind {
        case .expiredCertificate: "expired.pem"
        case .subjectNameOnly: "subject-only.pem"
        case .partialWildcard: "partial-wildcard.pem"
        case .wildcard: "wildcard.pem"
        default: "localhost.pem"
        }
      process.arguments = [
        "python3", script, Self.directory.appendingPathComponent(certificate).path,
        Self.directory.appendingPathComponent("localhost-key.pem").path,
      ]
    case .notTLS: process.arguments = ["python3", script, "--not-tls"]
    case .connectProxy:
      process.arguments = ["python3", script, "--proxy", proxyLog?.path ?? ""]
    }
    // Standard error stays the test process's own, so an unexpected server error shows.
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      throw StartError(message: "cannot run /usr/bin/env python3: \(error)")
    }

    let line = Self.readLine(
      from: output.fileHandleForReading, within: .seconds(Self.startDeadline))
    guard case .line(let text) = line, text.hasPrefix("port "), let port = Int(text.dropFirst(5))
    else {
      Self.end(process, input: input.fileHandleForWriting)
      switch line {
      case .line(let text):
        throw StartError(message: "printed '\(text)' instead of 'port N'")
      case .endOfFile:
        throw StartError(
          message: "python3 exited (status \(process.terminationStatus)) before printing its port")
      case .timedOut:
        throw StartError(message: "printed no port within \(Self.startDeadline) s")
      }
    }
    self.port = port
    running = LockedState(Running(process: process, input: input.fileHandleForWriting))
  }

  deinit {
    stop()
  }

  /// Runs `body` with a started server and stops it afterwards, also when `body` throws.
  ///
  /// `body` runs in the caller's isolation (`#isolation`), so it may capture and change the
  /// caller's state, a main-actor test's included, and return what is not `Sendable`.
  @discardableResult
  public static func with<T>(
    isolation: isolated (any Actor)? = #isolation, _ kind: Kind = .tls,
    _ body: (TLSTestServer) async throws -> T
  ) async throws -> T {
    let server = try TLSTestServer(kind)
    defer { server.stop() }
    return try await body(server)
  }

  /// `https://localhost:<port><path>`: the name the certificate holds.
  public func url(_ path: String) -> URL {
    URL(string: "https://localhost:\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// `https://<name>:<port><path>`: the server by a name of a test's own, which the test pins
  /// to 127.0.0.1 (`HTTPTransportChoice.sockets(pinning:)` in ConfigClient's tests).
  public func url(_ path: String, name: String) -> URL {
    URL(string: "https://\(name):\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// `https://proxied.test:<port><path>`: a name the certificate holds and only the
  /// `.connectProxy` server resolves (to 127.0.0.1).
  public func proxiedURL(_ path: String) -> URL {
    URL(string: "https://proxied.test:\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// `https://127.0.0.1:<port><path>`: the same server by an address the certificate does not
  /// name, so a client that checks names must refuse it.
  public func ipURL(_ path: String) -> URL {
    URL(string: "https://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// What each connection to a `.connectProxy` server sent before its tunnel opened (its
  /// `CONNECT` head, and anything after it), in the order they came; empty for other kinds.
  /// Complete for every connection that has had the proxy's answer.
  public var proxyReceived: [String] {
    guard let proxyLog, let data = FileManager.default.contents(atPath: proxyLog.path) else {
      return []
    }
    return data.split(separator: UInt8(ascii: "\n")).map { line in
      guard case .string(let text)? = try? JSONParser().parse(Array(line)) else {
        return String(decoding: line, as: UTF8.self)
      }
      return text
    }
  }

  /// Terminates the server and waits for it to exit. Safe to call more than once.
  public func stop() {
    let running = running.withLock { running -> Running? in
      defer { running = nil }
      return running
    }
    if let running { Self.end(running.process, input: running.input) }
    if let proxyLog { try? FileManager.default.removeItem(at: proxyLog) }
  }

  /// Closes the standard input of `process` and sends it SIGTERM (either ends the server),
  /// sends SIGKILL if it is still running after `exitDeadline`, and waits for it to exit.
  ///
  /// SIGTERM alone is not enough: a process spawned from a Dispatch or Swift concurrency
  /// thread inherits that thread's mask, which blocks SIGTERM. tls-server.py unblocks it, but
  /// something else answering to `python3` on the PATH may not.
  private static func end(_ process: Process, input: FileHandle) {
    try? input.close()
    if process.isRunning { process.terminate() }
    let deadline = Date(timeIntervalSinceNow: exitDeadline)
    while process.isRunning, Date() < deadline {
      usleep(10_000)
    }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  /// What came out of the server's standard output first.
  private enum FirstLine {
    case line(String)
    case endOfFile
    case timedOut
  }

  /// Reads one line from `handle` on a thread of its own, so a server that prints nothing
  /// blocks that thread, never the caller (nor the cooperative pool) past `deadline`. After a
  /// time-out the thread ends once the process is gone and the pipe reaches end of file.
  private static func readLine(from handle: FileHandle, within deadline: DispatchTimeInterval)
    -> FirstLine
  {
    let result = LockedState<FirstLine?>(nil)
    let done = DispatchSemaphore(value: 0)
    let reader = Thread {
      var bytes: [UInt8] = []
      var outcome = FirstLine.endOfFile
      while let chunk = try? handle.read(upToCount: 1), let byte = chunk.first {
        if byte == UInt8(ascii: "\n") {
          outcome = .line(String(decoding: bytes, as: UTF8.self))
          break
        }
        bytes.append(byte)
      }
      result.withLock { $0 = outcome }
      done.signal()
    }
    reader.name = "TLSTestServer port reader"
    reader.start()
    guard done.wait(timeout: .now() + deadline) == .success else { return .timedOut }
    return result.withLock { $0 } ?? .endOfFile
  }
}
