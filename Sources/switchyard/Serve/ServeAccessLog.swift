import HTTPServer

/// `--access-log`'s lines: the server's entry with the path written as its endpoint's pattern
/// where the path names something of the client's (an OFREP flag key), so no key and no
/// context value is ever written to the log.
enum ServeAccessLog {
  /// `serve: 127.0.0.1:53312 "POST /ofrep/v1/evaluate/flags/{key}" 200 187 0.412ms`.
  static func line(_ entry: AccessLogEntry) -> String {
    var entry = entry
    if ServedEndpoint(path: entry.path) == .ofrepFlag {
      entry.path = "/ofrep/v1/evaluate/flags/{key}"
    }
    return "serve: \(entry)"
  }
}
