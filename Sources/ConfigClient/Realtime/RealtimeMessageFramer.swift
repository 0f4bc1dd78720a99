/// Cuts a real-time invalidation stream into whole messages as its bytes arrive, in chunks
/// split anywhere.
///
/// Two framings share one stream, line by line:
/// - a line whose first non-blank byte is `{` is one JSON message (newline-delimited JSON);
/// - any other line is a Server-Sent-Events field: `data:` lines of one event are joined with
///   a line feed and dispatched as one message at the blank line that ends the event;
///   comments (`:`) and other fields (`event:`, `id:`, `retry:`, unknown names) are skipped.
///
/// Lines end in LF, CRLF or a lone CR (a CRLF split across two chunks is one line end). A
/// message longer than `maximumMessageBytes` is reported once as `oversizedMessage` and
/// skipped up to its end, so the framer never holds much more than the bound, however long
/// the message. An event still open when the stream ends is dropped (the SSE rule); a last
/// JSON line without its line end is kept, so a server may omit the final newline.
struct RealtimeMessageFramer: Sendable {
  /// What the framer found in the bytes fed to it so far.
  enum Output: Sendable, Equatable {
    /// One complete message: a JSON line, or the joined `data:` lines of one event.
    case message([UInt8])
    /// A message longer than the bound was skipped.
    case oversizedMessage(limit: Int)
  }

  /// The longest message, in bytes, the framer accepts.
  let maximumMessageBytes: Int

  /// The line being read, without its line end.
  private var line: [UInt8] = []
  /// True while the rest of an over-long line is being skipped.
  private var skippingLine = false
  /// True when the last byte seen was a CR, so an LF right after it ends no new line.
  private var afterCarriageReturn = false
  /// True until the first line ends, so a leading byte-order mark can be dropped.
  private var atStreamStart = true
  /// The `data:` values of the open SSE event, joined with LF.
  private var eventData: [UInt8] = []
  /// Whether the open event has had a `data` field (an empty one counts).
  private var eventHasData = false
  /// True when the open event grew past the bound and was reported: the rest is skipped.
  private var eventOversized = false

  /// Room for a field name and its colon (`data: `) on top of the message bound, so a line
  /// is known to be too long before a whole over-long line is buffered.
  private static let fieldPrefixAllowance = 8

  /// A framer that accepts messages of up to `maximumMessageBytes` bytes (at least 1).
  init(maximumMessageBytes: Int = 64 * 1024) {
    self.maximumMessageBytes = max(1, maximumMessageBytes)
  }

  /// How many bytes the framer holds between calls: never much more than the bound.
  var bufferedByteCount: Int { line.count + eventData.count }

  /// Feeds the next chunk of the stream and returns the messages it completed, in order.
  mutating func append(_ chunk: some Collection<UInt8>) -> [Output] {
    var outputs: [Output] = []
    for byte in chunk {
      switch byte {
      case UInt8(ascii: "\r"):
        afterCarriageReturn = true
        endLine(into: &outputs)
      case UInt8(ascii: "\n"):
        if afterCarriageReturn {
          afterCarriageReturn = false
        } else {
          endLine(into: &outputs)
        }
      default:
        afterCarriageReturn = false
        collect(byte, into: &outputs)
      }
    }
    return outputs
  }

  /// Ends the stream: a last JSON line without a line end is returned, an unfinished event
  /// is dropped, and the framer is ready for a new stream.
  mutating func finish() -> [Output] {
    var outputs: [Output] = []
    if !line.isEmpty || skippingLine {
      endLine(into: &outputs)
    }
    self = RealtimeMessageFramer(maximumMessageBytes: maximumMessageBytes)
    return outputs
  }

  private mutating func collect(_ byte: UInt8, into outputs: inout [Output]) {
    guard !skippingLine else { return }
    line.append(byte)
    guard line.count > maximumMessageBytes + Self.fieldPrefixAllowance else { return }
    // Too long to be a message: skip the rest of the line without buffering it.
    switch LineKind(line) {
    case .json:
      outputs.append(.oversizedMessage(limit: maximumMessageBytes))
    case .field(let isData):
      if isData { markEventOversized(into: &outputs) }
    case .comment, .blank:
      break
    }
    line.removeAll()
    skippingLine = true
  }

  private mutating func endLine(into outputs: inout [Output]) {
    defer {
      line.removeAll(keepingCapacity: true)
      skippingLine = false
      atStreamStart = false
    }
    if skippingLine { return }
    if atStreamStart, line.starts(with: Self.byteOrderMark) {
      line.removeFirst(Self.byteOrderMark.count)
    }
    switch LineKind(line) {
    case .blank:
      dispatchEvent(into: &outputs)
    case .comment:
      break
    case .json:
      emit(line, into: &outputs)
    case .field(let isData):
      guard isData else { return }
      appendData(Self.fieldValue(of: line), into: &outputs)
    }
  }

  private mutating func appendData(_ value: ArraySlice<UInt8>, into outputs: inout [Output]) {
    guard !eventOversized else { return }
    let separator = eventHasData ? 1 : 0
    guard eventData.count + separator + value.count <= maximumMessageBytes else {
      markEventOversized(into: &outputs)
      return
    }
    if eventHasData { eventData.append(UInt8(ascii: "\n")) }
    eventData.append(contentsOf: value)
    eventHasData = true
  }

  private mutating func markEventOversized(into outputs: inout [Output]) {
    if !eventOversized {
      outputs.append(.oversizedMessage(limit: maximumMessageBytes))
    }
    eventOversized = true
    eventData.removeAll()
  }

  private mutating func dispatchEvent(into outputs: inout [Output]) {
    defer {
      eventData.removeAll(keepingCapacity: true)
      eventHasData = false
      eventOversized = false
    }
    if eventHasData, !eventOversized {
      emit(eventData[...], into: &outputs)
    }
  }

  /// Emits a message unless it is only blanks (a keep-alive) or over the bound.
  private func emit(_ bytes: some Collection<UInt8>, into outputs: inout [Output]) {
    guard bytes.contains(where: { !Self.isBlank($0) }) else { return }
    guard bytes.count <= maximumMessageBytes else {
      outputs.append(.oversizedMessage(limit: maximumMessageBytes))
      return
    }
    outputs.append(.message(Array(bytes)))
  }

  /// The value of an SSE field line: after the first colon and one optional space; empty
  /// when the line has no colon.
  private static func fieldValue(of line: [UInt8]) -> ArraySlice<UInt8> {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return [] }
    var start = colon + 1
    if start < line.endIndex, line[start] == UInt8(ascii: " ") { start += 1 }
    return line[start...]
  }

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  fileprivate static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }
}

/// What one line of the stream is, read from its first bytes (so a line cut short by the
/// length bound is classified the same way as the whole line).
private enum LineKind {
  /// Empty: ends an SSE event.
  case blank
  /// Starts with `:`.
  case comment
  /// Starts, after blanks, with `{`: one JSON message.
  case json
  /// An SSE field; `isData` when its name is `data`.
  case field(isData: Bool)

  init(_ line: [UInt8]) {
    if line.isEmpty {
      self = .blank
    } else if line.first == UInt8(ascii: ":") {
      self = .comment
    } else if line.first(where: { !RealtimeMessageFramer.isBlank($0) }) == UInt8(ascii: "{") {
      self = .json
    } else {
      let name = line.prefix { $0 != UInt8(ascii: ":") }
      self = .field(isData: name.elementsEqual("data".utf8))
    }
  }
}
