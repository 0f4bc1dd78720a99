import Core

/// Why the server could not start; each case names what to change.
package enum HTTPServerError: Error, Equatable, CustomStringConvertible {
  /// The host is not an address the system can resolve to one to listen on.
  case invalidHost(String)
  /// The port is not in 0...65535.
  case invalidPort(Int)
  /// Binding or listening failed, e.g. the port is taken: the system's reason.
  case cannotListen(host: String, port: Int, reason: String)
  /// The system refused a resource the event loop needs (a pipe or a poller).
  case cannotStart(String)
  /// `start()` was already called on this server; a server starts once.
  case alreadyStarted

  /// One line saying what went wrong and where.
  package var description: String {
    switch self {
    case .invalidHost(let host):
      "cannot listen on host \(Excerpt.quoted(host)): not an address this system resolves"
    case .invalidPort(let port):
      "cannot listen on port \(port): a port is 0...65535 (0 picks a free one)"
    case .cannotListen(let host, let port, let reason):
      "cannot listen on \(Excerpt.quoted(host)) port \(port): \(reason)"
    case .cannotStart(let reason):
      "cannot start the server: \(reason)"
    case .alreadyStarted:
      "the server was already started; a server starts once"
    }
  }
}
