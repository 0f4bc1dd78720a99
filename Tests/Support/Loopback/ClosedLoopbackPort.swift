public import Foundation

/// A port on 127.0.0.1 where nothing listens, for tests of a server that is down: it stays
/// bound (without listening) while the value lives, so connections to it are refused and no
/// other test's server can be given the port meanwhile. A stopped `LoopbackHTTPServer`'s port
/// gives no such promise: the system may hand it to the next server a parallel test starts.
public final class ClosedLoopbackPort: Sendable {
  /// The reserved port.
  public let port: UInt16
  private let descriptor: Int32

  /// Reserves a port the system chooses.
  public init() throws {
    (descriptor, port) = try LoopbackSocket.reserveLoopbackPort()
  }

  deinit {
    LoopbackSocket.close(descriptor)
  }

  /// `http://127.0.0.1:PORT` followed by `path`.
  public func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }
}
