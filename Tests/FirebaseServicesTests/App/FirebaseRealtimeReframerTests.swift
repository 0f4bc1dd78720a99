@testable import ConfigClient
@testable import FirebaseServices
import Testing

/// Firebase's stream (one JSON array printed over several lines) cut into one message per
/// line, wherever the chunks split.
@Suite("FirebaseRealtimeReframer")
struct FirebaseRealtimeReframerTests {
  static let stream =
    "[{\n  \"latestTemplateVersionNumber\": \"5\"\n}\n,{\r\n  \"featureDisabled\": true,\n"
    + "  \"retryIntervalSeconds\": 30\n}\n]"
  static let lines =
    "{   \"latestTemplateVersionNumber\": \"5\" }\n"
    + "{    \"featureDisabled\": true,   \"retryIntervalSeconds\": 30 }\n"

  @Test("messages come out one per line, for every chunk size", arguments: [1, 2, 3, 7, 1000])
  func chunks(size: Int) {
    var reframer = FirebaseRealtimeReframer(maximumMessageBytes: 64 * 1024)
    let bytes = Array(Self.stream.utf8)
    var output: [UInt8] = []
    for start in stride(from: 0, to: bytes.count, by: size) {
      output += reframer.append(Array(bytes[start..<min(start + size, bytes.count)]))
    }
    #expect(String(decoding: output, as: UTF8.self) == Self.lines)
    var framer = RealtimeMessageFramer()
    let messages = framer.append(output).compactMap { output -> RealtimeMessage? in
      guard case .message(let bytes) = output else { return nil }
      return try? RealtimeMessage(jsonBytes: bytes)
    }
    #expect(
      messages == [
        RealtimeMessage(latestTemplateVersionNumber: 5),
        RealtimeMessage(featureDisabled: true, retryInterval: .seconds(30)),
      ])
  }

  @Test("a message longer than the bound is passed on for the framer to refuse, then skipped")
  func oversized() {
    var reframer = FirebaseRealtimeReframer(maximumMessageBytes: 16)
    let output = reframer.append(
      Array("[{\"a\": \"\(String(repeating: "x", count: 40))\"},{\"b\": 1}]".utf8))
    var framer = RealtimeMessageFramer(maximumMessageBytes: 16)
    let outputs = framer.append(output)
    #expect(outputs.first == .oversizedMessage(limit: 16))
    #expect(outputs.last == .message(Array("{\"b\": 1}".utf8)))
  }
}
