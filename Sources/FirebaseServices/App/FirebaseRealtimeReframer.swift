import ConfigClientHTTP

/// Turns Firebase's real-time stream into one message per line for `RealtimeMessageFramer`.
///
/// Firebase streams its messages as the elements of one JSON array printed over several
/// lines (`[{\n  "latestTemplateVersionNumber": "5"\n}\n,{...`). Its SDKs cut a message out
/// from a `{` to the first `}` after it (JavaScript `parseAndValidateConfigUpdateMessage`, iOS
/// likewise; messages are flat objects), wherever the chunks split: so does this, dropping
/// what lies between messages (`[`, `,`, blanks) and writing each message on a line of its
/// own, its line breaks made spaces. A message longer than `maximumMessageBytes` is passed on
/// as it stands, so the framer reports it as too long, and the rest of it is skipped.
struct FirebaseRealtimeReframer: RealtimeStreamReframer {
  /// The longest message passed on whole.
  let maximumMessageBytes: Int
  /// The message read so far, from its `{`.
  private var message: [UInt8] = []
  /// Whether a message is open (a `{` was read and its `}` not yet).
  private var inMessage = false

  init(maximumMessageBytes: Int) {
    self.maximumMessageBytes = max(1, maximumMessageBytes)
  }

  /// Feeds the next chunk; returns the messages it completed, each followed by a line feed.
  mutating func append(_ chunk: [UInt8]) -> [UInt8] {
    var lines: [UInt8] = []
    for byte in chunk {
      guard inMessage else {
        if byte == UInt8(ascii: "{") {
          message = [byte]
          inMessage = true
        }
        continue
      }
      let isLineBreak = byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
      message.append(isLineBreak ? UInt8(ascii: " ") : byte)
      if byte == UInt8(ascii: "}") || message.count > maximumMessageBytes {
        lines += message
        lines.append(UInt8(ascii: "\n"))
        message.removeAll(keepingCapacity: true)
        inMessage = false
      }
    }
    return lines
  }
}
