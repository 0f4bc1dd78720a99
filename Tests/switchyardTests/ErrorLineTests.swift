@testable import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing
@testable import switchyard

/// Error messages stay one readable line whatever outside value they repeat: every hostile
/// value, through every error path, comes out cut and with its control characters spelled.
@Suite("Error lines from hostile values", .timeLimit(.minutes(3)))
struct ErrorLineTests {
  /// Values a template, a context, a command line or a server could hold.
  static let hostile: [String] = [
    String(repeating: "x", count: 100_000),
    "a" + String(repeating: "\u{301}", count: 20_000),
    "line\nbreak\r\n\u{1B}[2J\u{7}bell\u{0}nul",
    "\u{202E}reversed\u{2066}isolate\u{2028}separator",
    String(repeating: "👨‍👩‍👧‍👦", count: 10_000),
  ]

  /// Whether `line` is one readable line: no control, line-breaking or bidi character, at
  /// most `characters` characters (and the ` ... ` of a cut) and four times as many scalars.
  static func isReadable(_ line: some StringProtocol, characters: Int = 2_100) -> Bool {
    line.count <= characters + 5 && line.unicodeScalars.count <= 4 * characters + 5
      && line.unicodeScalars.allSatisfy(Excerpt.isPrintable)
  }

  /// Every line of standard error is readable, and there is at least one.
  static func expectReadableErrors(_ capture: CapturedToolIO, _ label: String) {
    let lines = capture.error.split(separator: "\n")
    #expect(!lines.isEmpty, "\(label)")
    for line in lines { #expect(isReadable(line), "\(label): \(line.prefix(200))") }
  }

  @Test("template problems: keys, names, expressions and types", arguments: hostile.indices)
  func templateProblems(index: Int) async throws {
    let value = Self.hostile[index]
    let quoted = JSONValue.string(value).jsonText
    let regex = JSONValue.string("app.customSignal['k'].matches(['\(value)('])").jsonText
    let template = """
      {"conditions": [
        {"name": \(quoted), "expression": "app.customSignal['k'] >= 3"},
        {"name": "c2", "expression": \(quoted)},
        {"name": "c3", "expression": \(regex)}],
       "parameters": {
        \(quoted): {"defaultValue": {"value": \(quoted)}, "valueType": "BOOLEAN"},
        "p": {"defaultValue": {"value": "1"}, "valueType": \(quoted)},
        "q": {"defaultValue": {"value": "1"}, "conditionalValues": {\(quoted): {"value": "2"}}}}}
      """
    let directory = try TemporaryDirectory()
    let path = try directory.write("t.json", template)
    let (status, capture) = await CapturedToolIO.run(["validate", path])
    #expect(status == .failure)
    let lines = capture.outputLines
    #expect(lines.count > 3)
    for line in lines { #expect(Self.isReadable(line), "\(line.prefix(200))") }
    let (jsonStatus, json) = await CapturedToolIO.run(["validate", path, "--json"])
    #expect(jsonStatus == .failure)
    let report = try JSONParser().parse(json.output)
    for problem in report["errors"]?.arrayValue ?? [] {
      #expect(Self.isReadable(problem["location"]?.stringValue ?? "", characters: 200))
      #expect(Self.isReadable(problem["message"]?.stringValue ?? "", characters: 650))
    }
  }

  @Test(
    "context line errors: fields, values and lines that are not JSON", arguments: hostile.indices)
  func contextLines(index: Int) async throws {
    let value = Self.hostile[index]
    let quoted = JSONValue.string(value).jsonText
    let lines = [
      "{\(quoted): 1}",
      "{\"now\": \(quoted)}",
      "{\"customSignals\": {\(quoted): [\(quoted)]}}",
      "{\"appVersion\": \(quoted)}",
      value.replacingOccurrences(of: "\n", with: " "),
      "{\"a\": \"" + value.prefix(500),
    ]
    let directory = try TemporaryDirectory()
    let path = try directory.write("c.jsonl", lines.joined(separator: "\n") + "\n")
    let (_, capture) = await CapturedToolIO.run(["evaluate", "--contexts", path])
    for line in capture.outputLines {
      let reply = try JSONParser().parse(line)
      guard let error = reply["error"]?.stringValue else { continue }
      #expect(Self.isReadable(error, characters: 1_000), "\(error.prefix(200))")
    }
    #expect(capture.outputLines.filter { $0.hasPrefix(#"{"error""#) }.count >= 4)
  }

  @Test("command-line errors: options, URLs and paths", arguments: hostile.indices)
  func commandLine(index: Int) async {
    let value = Self.hostile[index]
    for arguments in [
      ["fetch", "--url", value, "--cache", "/tmp/x"],
      ["fetch", "--url", "http://127.0.0.1:1/t", "--cache", "/tmp/x", "--timeout", value],
      ["evaluate", "--" + value],
      ["validate", "/nonexistent/" + value],
      [value],
    ] {
      let (status, capture) = await CapturedToolIO.run(arguments)
      #expect(status != .success)
      Self.expectReadableErrors(capture, arguments[0])
    }
  }

  @Test("HTTP failures: a redirect to a hostile location", arguments: hostile.indices)
  func httpFailures(index: Int) async throws {
    // A header cannot hold a line break: those are spelled out by the server already.
    // A response head is at most 64 KiB: 2,000 characters of it fit.
    let location = "x:" + Self.hostile[index].filter { !$0.isNewline && $0 != "\0" }.prefix(2_000)
    try await LoopbackHTTPServer.with { server in
      server.enqueue(at: "/t", .redirect(to: String(location)))
      let cache = try TemporaryDirectory()
      let (status, capture) = await CapturedToolIO.run([
        "fetch", "--url", server.url("/t").absoluteString, "--cache", cache.url.path,
      ])
      #expect(status == .failure)
      // Named by its scheme at most: a Location's path or query may hold a secret.
      #expect(capture.error.contains("redirect to a "))
      Self.expectReadableErrors(capture, "fetch")
    }
  }

  @Test("library errors cut the values they repeat", arguments: hostile.indices)
  func libraryErrors(index: Int) {
    let value = Self.hostile[index]
    let problem = TemplateProblem(.error, at: "parameters." + value, "key '\(value)' is bad")
    #expect(Self.isReadable(problem.description, characters: 900))
    #expect(problem.description.hasSuffix("' is bad"))
    #expect(
      Self.isReadable(
        ConfigValueError(key: value, rawValue: value, expected: "a number").description,
        characters: 200))
    #expect(
      Self.isReadable(
        RegexSyntaxError(pattern: value, column: 1, message: "x").description, characters: 200))
    #expect(
      Self.isReadable(
        ConditionSyntaxError(conditionName: value, column: 1, message: "x").description,
        characters: 200))
    #expect(
      Self.isReadable(
        InputFileError(path: value, reason: "cannot be read: no such file").description,
        characters: 300))
  }
}
