import Core
import HTTPCore

/// Writes responses as bytes: the status line, the handler's fields, and the fields the
/// server owns (`Date`, the framing, `Connection: close`), then the body or its chunks.
///
/// The framing is the server's alone: a handler's `Content-Length`, `Transfer-Encoding`,
/// `Connection` or `Date` is dropped, so no handler can make a response's length disagree
/// with its bytes. A field the handler wrote that could break the head (a name that is not a
/// token, a control character in a value) is never sent: `problem(in:)` finds it first and
/// the client gets a 500.
enum HTTPResponseEncoder {
  /// How a response's body is delimited on the wire.
  enum Framing: Equatable {
    /// `Content-Length: n`, then n bytes (also for HEAD, which sends none of them).
    case length(Int)
    /// `Transfer-Encoding: chunked`.
    case chunked
    /// No framing field: the body runs until the connection closes (a stream to an HTTP/1.0
    /// client), or there is none (204, 304).
    case none
  }

  /// The fields the server writes itself, lower-cased.
  private static let ownedFields: Set<String> = [
    "content-length", "transfer-encoding", "connection", "date", "keep-alive",
  ]

  /// What makes `response` unsendable, or nil when it can be sent: a status outside
  /// 200...599, a field name that is not a token, a value with a control character. Names
  /// the field by position, never repeating its value.
  static func problem(in response: HTTPServerResponse) -> String? {
    guard (200...599).contains(response.status) else {
      return "the handler's status \(response.status) is not 200...599"
    }
    for (index, field) in response.headers.enumerated() {
      guard HTTPToken.isToken(field.name) else {
        return "the handler's header \(index + 1) has a name that is not a token"
      }
      guard field.value.utf8.allSatisfy(HTTPSyntax.isFieldValueByte) else {
        return "the handler's header \(index + 1) has a control character in its value"
      }
    }
    return nil
  }

  /// Whether a response with `status` carries no body whatever it holds (RFC 9110, 6.4.1).
  static func isBodiless(_ status: Int) -> Bool {
    status == 204 || status == 304 || (100..<200).contains(status)
  }

  /// The head of a response: status line, the handler's fields (those the server owns
  /// dropped), `Date`, the framing, and `Connection: close` when `closing`.
  static func head(
    status: Int, headers: [(name: String, value: String)], framing: Framing, closing: Bool,
    date: String
  ) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(160 + headers.count * 40)
    append("HTTP/1.1 \(status) \(HTTPStatusText.reason(status))\r\n", to: &bytes)
    for (name, value) in headers
    where !ownedFields.contains(where: { HTTPSyntax.namesEqual($0, name) }) {
      append(name, to: &bytes)
      bytes += [HTTPSyntax.colon, HTTPSyntax.space]
      append(value, to: &bytes)
      bytes += [HTTPSyntax.carriageReturn, HTTPSyntax.lineFeed]
    }
    append("Date: \(date)\r\n", to: &bytes)
    switch framing {
    case .length(let length):
      append("Content-Length: \(length)\r\n", to: &bytes)
    case .chunked:
      append("Transfer-Encoding: chunked\r\n", to: &bytes)
    case .none:
      break
    }
    if closing { append("Connection: close\r\n", to: &bytes) }
    bytes += [HTTPSyntax.carriageReturn, HTTPSyntax.lineFeed]
    return bytes
  }

  /// One chunk of a chunked body: its size in hex, CR LF, the bytes, CR LF. Empty bytes
  /// would read as the last chunk, so they make no chunk at all.
  static func chunk(_ data: [UInt8]) -> [UInt8] {
    guard !data.isEmpty else { return [] }
    var bytes = Array(String(data.count, radix: 16).utf8)
    bytes.reserveCapacity(bytes.count + data.count + 4)
    bytes += [HTTPSyntax.carriageReturn, HTTPSyntax.lineFeed]
    bytes += data
    bytes += [HTTPSyntax.carriageReturn, HTTPSyntax.lineFeed]
    return bytes
  }

  /// The last chunk, with no trailers.
  static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)

  /// `100 Continue`, for a client that waits for it before sending its body.
  static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

  private static func append(_ text: String, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: text.utf8)
  }
}

extension HTTPResponseEncoder {
  /// A whole answer of the server's own (a failure it found, or a refusal): the JSON error
  /// body, `Content-Type: application/json`, and `Connection: close`, since the server
  /// closes after every answer of its own. With the body's length, for the access log.
  static func errorResponse(
    status: Int, code: String, details: String, date: String
  ) -> (bytes: [UInt8], bodyBytes: Int) {
    let body = HTTPServerErrorBody.json(code: code, details: details)
    let bytes =
      head(
        status: status, headers: [("Content-Type", "application/json")],
        framing: .length(body.count), closing: true, date: date) + body
    return (bytes, body.count)
  }
}
