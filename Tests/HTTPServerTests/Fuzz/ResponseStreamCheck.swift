import Core
@testable import HTTPTransport

/// What a connection wrote, read back as a client would: whole responses one after another,
/// each well-formed, the server's own (an error it answers itself) in OFREP's JSON shape and
/// the last thing on the connection.
struct ResponseStreamCheck {
  /// The responses' statuses, in order (interim `100 Continue` left out).
  private(set) var statuses: [Int] = []

  /// Statuses the server answers on its own, never a handler.
  static let serverStatuses: Set<Int> = [400, 408, 413, 417, 431, 503, 505]

  /// Reads `output`; returns what is wrong with it, or nil.
  mutating func problem(in output: [UInt8], requestMethods: [String]) -> String? {
    var rest = output[...]
    // A client that closes before sending the body it announced got only `100 Continue`.
    let interim = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
    while !rest.isEmpty, !rest.elementsEqual(interim) {
      let method = statuses.count < requestMethods.count ? requestMethods[statuses.count] : "GET"
      var reader = HTTPResponseReader(method: method)
      var head: HTTPResponseHead?
      var body: [UInt8] = []
      var ended = false
      // One byte at a time, so the bytes after one response stay for the next.
      while !ended, let byte = rest.first {
        rest = rest.dropFirst()
        let events: [HTTPResponseReader.Event]
        do {
          events = try reader.consume([byte])
        } catch {
          return "response \(statuses.count + 1) is malformed: \(error)"
        }
        for event in events {
          switch event {
          case .head(let value): head = value
          case .body(let bytes): body += bytes
          case .end: ended = true
          }
        }
      }
      guard ended, let head else {
        return "response \(statuses.count + 1) is cut off"
      }
      guard head.header("date") != nil else { return "a response without Date" }
      if Self.serverStatuses.contains(head.status) {
        let code = head.status == 400 ? "PARSE_ERROR" : "GENERAL"
        guard case .object(let object)? = try? JSONParser().parse(body),
          object["errorCode"] == .string(code), case .string? = object["errorDetails"],
          head.header("content-type") == "application/json"
        else {
          return "the server's \(head.status) does not hold OFREP's error body"
        }
        guard rest.isEmpty, head.header("connection") == "close" else {
          return "the server's \(head.status) is not the connection's last answer"
        }
      } else if head.status != 200 {
        return "status \(head.status), which neither the handler nor the server answers"
      }
      statuses.append(head.status)
    }
    return nil
  }
}
