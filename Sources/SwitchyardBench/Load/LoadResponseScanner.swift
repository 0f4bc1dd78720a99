/// Finds where a response ends in the bytes a load connection has read: after its head and
/// `Content-Length` bytes. Chunked responses (streams) are not what load measures: they are
/// reported as unreadable.
struct LoadResponseScanner {
  /// A whole response at the front of the bytes.
  struct Response: Equatable {
    let status: Int
    /// Bytes it takes, head and body.
    let length: Int
  }

  enum Outcome: Equatable {
    case incomplete
    case response(Response)
    case unreadable(String)
  }

  /// Heads longer than this are not a load target's answers.
  static let maximumHead = 16 * 1_024

  /// Looks at `bytes` from their start.
  static func scan(_ bytes: [UInt8]) -> Outcome {
    guard let headEnd = headEnd(bytes) else {
      return bytes.count > maximumHead ? .unreadable("a head over 16 KiB") : .incomplete
    }
    let head = String(decoding: bytes[..<headEnd], as: UTF8.self)
    let lines = head.split(separator: "\r\n")
    guard let statusLine = lines.first, statusLine.hasPrefix("HTTP/1."),
      let status = Int(statusLine.dropFirst(9).prefix(3))
    else {
      return .unreadable("not an HTTP/1.x status line")
    }
    var length = 0
    for line in lines.dropFirst() {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { continue }
      let name = parts[0].lowercased()
      let value = parts[1].trimmingPrefix(" ")
      if name == "content-length", let number = Int(value), number >= 0 { length = number }
      if name == "transfer-encoding" { return .unreadable("a chunked answer") }
    }
    guard bytes.count >= headEnd + length else { return .incomplete }
    return .response(Response(status: status, length: headEnd + length))
  }

  /// The index just past CR LF CR LF, or nil.
  private static func headEnd(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 3..<bytes.count
    where bytes[index] == 0x0A && bytes[index - 1] == 0x0D && bytes[index - 2] == 0x0A
      && bytes[index - 3] == 0x0D
    {
      return index + 1
    }
    return nil
  }
}
