import Core
import Foundation
import SwitchyardTestSupport
import Testing

@testable import switchyard

/// Deterministic fuzzing of the tool's input through its real entry point,
/// `SwitchyardTool.run`: context lines for `evaluate` and template files for `validate`.
/// Every context line gets exactly one output line, a bad one `{"error": "line N: ..."}`
/// naming the line and the field or column in one readable line; `validate` lists problems
/// one readable line each and exits 0 or 1.
@Suite("switchyard input fuzzing", .timeLimit(.minutes(3)))
struct ToolInputFuzzTests {
  /// The longest error line accepted, in Unicode scalars (the library suites' bound, plus
  /// room for the path or line number in front).
  static let maximumScalars = 1_100

  /// Context lines to damage: every field, valid.
  static let contextLines = [
    #"{}"#,
    #"{"randomizationId":"user-1","customSignals":{"tier":"paid","grade":3},"appVersion":"2.3.1"}"#,
    #"{"platform":"ios","country":"JP","language":"ja","appId":"1:1:ios:a","appBuild":"120"}"#,
    #"{"userProperties":{"level":"5"},"audiences":["Buyers","A"],"installationId":"fid"}"#,
    #"{"firstOpen":"2023-11-14T22:13:20Z","now":"2026-01-01T00:00:00.25+09:00"}"#,
  ]

  /// Fragments a mutation inserts.
  static let fragments = [
    "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u0000", "null", "1e999", "-0", "\u{7F}",
    "\u{202E}", "\u{301}", "\t", "\"x\":1,", "now", "9999-12-31T23:59:59-23:59", "\u{FEFF}",
  ]

  /// A context line with one to three characters inserted, removed or replaced.
  static func mutatedLine(_ random: inout SeededRandomGenerator) -> String {
    var characters = Array(contextLines[Int(random.next() % UInt64(contextLines.count))])
    for _ in 0..<(1 + Int(random.next() % 3)) {
      let position = Int(random.next() % UInt64(characters.count + 1))
      let fragment = Array(fragments[Int(random.next() % UInt64(fragments.count))])
      switch random.next() % 3 {
      case 0: characters.insert(contentsOf: fragment, at: position)
      case 1 where position < characters.count: characters.remove(at: position)
      default:
        if position < characters.count {
          characters.replaceSubrange(position...position, with: fragment)
        }
      }
    }
    return String(characters)
  }

  /// Checks `evaluate`'s answer to `lines`: one output line each, errors clear.
  static func checkAnswers(
    _ lines: [String], status: switchyard.ExitStatus, output: [String], seed: UInt64
  ) -> [String] {
    var failures: [String] = []
    guard output.count == lines.count else {
      return ["seed 0x\(String(seed, radix: 16)): \(lines.count) lines in, \(output.count) out"]
    }
    var sawError = false
    for (index, (line, answer)) in zip(lines, output).enumerated() {
      guard case .object(let object)? = try? JSONParser().parse(answer) else {
        failures.append("line \(index + 1) \(line.debugDescription): answer is not an object")
        continue
      }
      guard case .string(let message)? = object["error"] else { continue }
      sawError = true
      let namesPlace =
        message.utf8.starts(with: "line \(index + 1): ".utf8)
        && (ErrorTextRule.contains(message, "context field '") || message.contains(/column \d+/)
          || ErrorTextRule.contains(message, "expected a JSON object"))
      if !namesPlace {
        failures.append("line \(index + 1) \(line.debugDescription): names no place: \(message)")
      }
      if let why = ErrorTextRule.lineProblem(message, maximumScalars: Self.maximumScalars) {
        failures.append(
          "line \(index + 1) \(line.debugDescription): \(why): \(message.prefix(200).debugDescription)"
        )
      }
    }
    if (status == .failure) != sawError {
      failures.append("seed 0x\(String(seed, radix: 16)): status \(status) with errors \(sawError)")
    }
    return failures
  }

  @Test("600 damaged context lines on standard input get one clear answer line each")
  func contextLinesOnStandardInput() async {
    var failures: [String] = []
    for seed in [0x7001_0001, 0x7001_0002, 0x7001_0003] as [UInt64] {
      var random = SeededRandomGenerator(seed: seed)
      let lines = (0..<200).map { _ in Self.mutatedLine(&random) }
      let (status, capture) = await CapturedToolIO.run(
        ["evaluate", "--contexts", "-"], input: lines)
      failures += Self.checkAnswers(lines, status: status, output: capture.outputLines, seed: seed)
    }
    let unreadable = failures.filter { $0.contains("holds U+") }
    let others = failures.filter { !$0.contains("holds U+") }
    #expect(others.isEmpty, "\(others.count) failures: \(others.prefix(3))")
    #expect(unreadable.isEmpty, "\(unreadable.count) failures: \(unreadable.prefix(3))")
  }

  @Test("a context file with a line that is not UTF-8 still gets one answer line per line")
  func contextFileWithInvalidBytes() async throws {
    let files = try TemporaryDirectory()
    let path = files.path("contexts.jsonl")
    var bytes = Array((Self.contextLines.joined(separator: "\n") + "\n").utf8)
    bytes.insert(contentsOf: [0xFF, 0xC3], at: 1)  // inside the first line's object
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let (status, capture) = await CapturedToolIO.run(["evaluate", "--contexts", path])
    #expect(status == .failure)
    #expect(capture.outputLines.count == Self.contextLines.count)
    #expect(capture.outputLines.first?.hasPrefix(#"{"error":"line 1: "#) == true)
  }

  @Test("--explain answers 100 damaged context lines with one line each")
  func explainedContextLines() async {
    var random = SeededRandomGenerator(seed: 0x7001_1001)
    let lines = (0..<100).map { _ in Self.mutatedLine(&random) }
    let (status, capture) = await CapturedToolIO.run(
      ["evaluate", "--explain", "--contexts", "-"], input: lines)
    #expect(capture.outputLines.count == lines.count)
    #expect(status == .failure || status == .success)
  }

  @Test("validate lists every problem of 200 damaged templates on its own readable line")
  func validateDamagedTemplates() async throws {
    let files = try TemporaryDirectory()
    let fixtures = try ["client-template.json", "server-template.json"].map(TemplateFixtures.text)
    var random = SeededRandomGenerator(seed: 0x7001_2001)
    var failures: [String] = []
    for iteration in 0..<200 {
      var characters = Array(fixtures[iteration % 2])
      for _ in 0..<(1 + Int(random.next() % 3)) {
        let position = Int(random.next() % UInt64(characters.count))
        let fragment = Array(Self.fragments[Int(random.next() % UInt64(Self.fragments.count))])
        characters.replaceSubrange(position...position, with: fragment)
      }
      let path = try files.write("t\(iteration).json", String(characters))
      let (status, capture) = await CapturedToolIO.run(["validate", path])
      if status != .success && status != .failure {
        failures.append("iteration \(iteration): exit status \(status)")
      }
      for line in capture.outputLines where !line.utf8.starts(with: (path + ": ").utf8) {
        failures.append("iteration \(iteration): \(line.prefix(200).debugDescription)")
      }
      for line in capture.outputLines {
        if let why = ErrorTextRule.lineProblem(line, maximumScalars: Self.maximumScalars) {
          failures.append("iteration \(iteration): \(why): \(line.prefix(200).debugDescription)")
        }
      }
    }
    let unreadable = failures.filter { $0.contains("holds U+") }
    let others = failures.filter { !$0.contains("holds U+") }
    #expect(others.isEmpty, "\(others.count) failures: \(others.prefix(3))")
    #expect(unreadable.isEmpty, "\(unreadable.count) failures: \(unreadable.prefix(3))")
  }
}
