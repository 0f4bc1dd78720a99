import Testing

@testable import ConfigClient

/// The framer cuts a real-time stream into messages, whatever the framing and wherever the
/// chunks split.
@Suite("RealtimeMessageFramer")
struct RealtimeMessageFramerTests {
  /// A framer output as text, so expectations read as the stream does.
  enum Frame: Equatable, CustomStringConvertible {
    case message(String)
    case oversized

    init(_ output: RealtimeMessageFramer.Output) {
      switch output {
      case .message(let bytes): self = .message(String(decoding: bytes, as: UTF8.self))
      case .oversizedMessage: self = .oversized
      }
    }

    var description: String {
      switch self {
      case .message(let text): "message(\(text.debugDescription))"
      case .oversized: "oversized"
      }
    }
  }

  /// Feeds `chunks` in order, then ends the stream.
  static func frames(_ chunks: [[UInt8]], limit: Int = 1024) -> [Frame] {
    var framer = RealtimeMessageFramer(maximumMessageBytes: limit)
    var outputs: [RealtimeMessageFramer.Output] = []
    for chunk in chunks { outputs += framer.append(chunk) }
    outputs += framer.finish()
    return outputs.map(Frame.init)
  }

  static func frames(_ chunks: [String], limit: Int = 1024) -> [Frame] {
    frames(chunks.map { Array($0.utf8) }, limit: limit)
  }

  /// Every framing rule in one stream: comments, blank keep-alives, a JSON line, a two-line
  /// SSE event with CRLF, other SSE fields, a lone CR, and a last line without a line end.
  static let sample = Array(
    (": keep-alive\r\n\r\n" + "{\"latestTemplateVersionNumber\": 5}\n"
      + "data: {\"latestTemplateVersionNumber\":\r\ndata:  6}\r\n\r\n"
      + "event: message\nid: 7\nretry: 100\ndata:{\"featureDisabled\": true}\n\n"
      + "{\"retryIntervalSeconds\": 30}\r" + "{\"a\": 1}").utf8)

  static let sampleFrames: [Frame] = [
    .message("{\"latestTemplateVersionNumber\": 5}"),
    .message("{\"latestTemplateVersionNumber\":\n 6}"),
    .message("{\"featureDisabled\": true}"),
    .message("{\"retryIntervalSeconds\": 30}"),
    .message("{\"a\": 1}"),
  ]

  @Test("the sample stream in one chunk gives every message in order")
  func wholeSample() {
    #expect(Self.frames([Self.sample]) == Self.sampleFrames)
  }

  @Test("a split at any byte boundary gives the same messages")
  func everySplit() {
    for split in 0...Self.sample.count {
      let chunks = [Array(Self.sample[..<split]), Array(Self.sample[split...])]
      #expect(Self.frames(chunks) == Self.sampleFrames, "split at byte \(split)")
    }
  }

  @Test("any two splits, and one byte at a time, give the same messages")
  func manySplits() {
    let count = Self.sample.count
    for first in stride(from: 0, through: count, by: 3) {
      for second in first...count {
        let chunks = [
          Array(Self.sample[..<first]), Array(Self.sample[first..<second]),
          Array(Self.sample[second...]),
        ]
        #expect(Self.frames(chunks) == Self.sampleFrames, "splits at \(first) and \(second)")
      }
    }
    #expect(Self.frames(Self.sample.map { [$0] }) == Self.sampleFrames)
  }

  @Test(
    "the chunks of each framing rule become exactly the messages the rule names",
    arguments: [
      (
        "one JSON message per line, LF", ["{\"a\":1}\n{\"b\":2}\n"],
        [Frame.message("{\"a\":1}"), .message("{\"b\":2}")]
      ),
      (
        "CRLF and lone CR end lines", ["{\"a\":1}\r\n{\"b\":2}\r{\"c\":3}\r\n"],
        [.message("{\"a\":1}"), .message("{\"b\":2}"), .message("{\"c\":3}")]
      ),
      (
        "a CRLF split between chunks is one line end", ["{\"a\":1}\r", "\n\n{\"b\":2}\n"],
        [.message("{\"a\":1}"), .message("{\"b\":2}")]
      ),
      ("leading blanks before a JSON line", ["  \t{\"a\":1}\n"], [.message("  \t{\"a\":1}")]),
      (
        "SSE data lines join with LF and dispatch at the blank line",
        ["data: {\"a\":\ndata: 1}\n\n"], [.message("{\"a\":\n1}")]
      ),
      (
        "SSE data without the blank line waits, and is dropped at the end", ["data: {\"a\":1}\n"],
        []
      ),
      (
        "only one space after the colon is removed", ["data:   {\"a\":1}\n\n"],
        [.message("  {\"a\":1}")]
      ),
      (
        "a data line without a colon is an empty data line", ["data\ndata: {}\n\n"],
        [.message("\n{}")]
      ),
      (
        "comments and other fields are skipped",
        [": hi\nevent: x\nid: 1\nretry: 5\nfoo: bar\ndata: {}\n\n"], [.message("{}")]
      ),
      ("an event with no data dispatches nothing", ["event: ping\n\n"], []),
      (
        "blank keep-alive lines and whitespace-only messages are dropped",
        ["\n\n\r\n", "data:  \n\n"], []
      ),
      ("a byte-order mark at the start is skipped", ["\u{FEFF}data: {}\n\n"], [.message("{}")]),
      ("a last JSON line without a line end is kept", ["{\"a\":1}"], [.message("{\"a\":1}")]),
      ("a colon-free line that is not JSON is an unknown field", ["hello\n{}\n"], [.message("{}")]),
    ] as [(String, [String], [Frame])])
  func rule(_ rule: String, chunks: [String], expected: [Frame]) {
    #expect(Self.frames(chunks) == expected, "\(rule)")
  }

  @Test(
    "a message over the bound is reported once and skipped; the next one comes through",
    arguments: [
      // A JSON line, exactly at and over the bound.
      (["{\"a\":\"1234\"}\n"], 12, [Frame.message("{\"a\":\"1234\"}")]),
      (["{\"a\":\"12345\"}\n{}\n"], 12, [.oversized, .message("{}")]),
      // A JSON line far over the bound, in many chunks.
      (
        [String(repeating: "{", count: 50)] + Array(repeating: "xxxxxxxxxx", count: 100) + [
          "\n{}\n"
        ], 12, [.oversized, .message("{}")]
      ),
      // An SSE event whose data lines add up past the bound.
      (["data: 123456\ndata: 123456\ndata: 1\n\ndata: {}\n\n"], 12, [.oversized, .message("{}")]),
      // One SSE data line far over the bound.
      (
        ["data: " + String(repeating: "x", count: 500) + "\ndata: more\n\ndata: {}\n\n"], 12,
        [.oversized, .message("{}")]
      ),
      // A long comment is not a message: skipped silently.
      ([":" + String(repeating: "x", count: 500) + "\n{}\n"], 12, [.message("{}")]),
    ] as [([String], Int, [Frame])])
  func oversized(chunks: [String], limit: Int, expected: [Frame]) {
    #expect(Self.frames(chunks, limit: limit) == expected)
  }

  @Test("an endless line never makes the framer hold more than the bound")
  func boundedBuffering() {
    var framer = RealtimeMessageFramer(maximumMessageBytes: 100)
    let chunk = [UInt8](repeating: UInt8(ascii: "{"), count: 4096)
    var outputs: [RealtimeMessageFramer.Output] = []
    for _ in 0..<256 {
      outputs += framer.append(chunk)
      #expect(framer.bufferedByteCount <= 108)
    }
    #expect(outputs == [.oversizedMessage(limit: 100)])
    var data = framer.append(Array("\ndata: ".utf8))
    for _ in 0..<256 {
      data += framer.append(chunk)
      #expect(framer.bufferedByteCount <= 108)
    }
    #expect(data == [.oversizedMessage(limit: 100)])
  }

  @Test("finish resets the framer for a new stream")
  func finishResets() {
    var framer = RealtimeMessageFramer()
    _ = framer.append(Array("data: {\"a\":1}\n".utf8))
    #expect(framer.finish().isEmpty)
    #expect(framer.append(Array("data: {}\n\n".utf8)) == [.message(Array("{}".utf8))])
  }
}
