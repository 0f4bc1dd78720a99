import Foundation
import SwitchyardTestSupport
import Testing

@testable import switchyard

/// The JSON-lines commands print, byte for byte, what they printed before the streaming
/// pipeline: the expected outputs in `Fixtures/JSONLines` were captured from the tool at
/// 7f855c8 over a corpus of good and bad lines (see `make-inputs.py` there).
@Suite("JSON-lines output as before the pipeline", .timeLimit(.minutes(3)))
struct JSONLinesCorpusTests {
  static let folder = "Tests/switchyardTests/Fixtures/JSONLines/"

  static func path(_ name: String) -> String { SourceTree.url(folder + name).path }

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: SourceTree.url(folder + name)))
  }

  /// Each command line, the input file it reads and the output it printed before.
  static let cases: [(arguments: [String], input: String, expected: String)] = [
    (
      [
        "evaluate", "--template", path("evaluate-template.json"), "--defaults",
        path("evaluate-defaults.json"), "--contexts",
      ],
      "evaluate-contexts.jsonl", "evaluate.out"
    ),
    (
      [
        "evaluate", "--explain", "--template", path("evaluate-template.json"), "--defaults",
        path("evaluate-defaults.json"), "--contexts",
      ],
      "evaluate-explain-contexts.jsonl", "evaluate-explain.out"
    ),
    (["route", "--scenarios"], "route-scenarios.jsonl", "route.out"),
    (["route", "--explain", "--scenarios"], "route-explain-scenarios.jsonl", "route-explain.out"),
    (["orientation", "--input"], "orientation-cases.jsonl", "orientation.out"),
  ]

  @Test(
    "from a file, each command prints today's bytes and exits 1 for the bad lines",
    arguments: cases.indices)
  func fromFile(index: Int) async throws {
    let (arguments, input, expected) = Self.cases[index]
    let (status, capture) = await CapturedToolIO.run(arguments + [Self.path(input)])
    #expect(status == .failure)
    #expect(capture.error.isEmpty)
    #expect(Array(capture.output.utf8) == (try Self.bytes(expected)))
  }

  @Test(
    "from standard input, in chunks of any size, each command prints the same bytes",
    arguments: cases.indices, [1, 7, 4_096])
  func fromStandardInput(index: Int, chunk: Int) async throws {
    let (arguments, input, expected) = Self.cases[index]
    let capture = CapturedToolIO(inputBytes: try Self.bytes(input), chunk: chunk)
    let (status, _) = await CapturedToolIO.run(arguments + ["-"], capture: capture)
    #expect(status == .failure)
    #expect(Array(capture.output.utf8) == (try Self.bytes(expected)))
  }

  @Test(
    "simulate reports what it reported before for the same seed, as text and as JSON",
    arguments: [
      (["--users", "3000", "--seed", "7", "--now", "2026-06-01T12:00:00Z"], "simulate.out"),
      (
        ["--users", "3000", "--seed", "7", "--now", "2026-12-31T03:00:00+09:00", "--json"],
        "simulate.json"
      ),
      (
        ["--users", "2500", "--seed", "3", "--now", "2026-06-01T12:00:00Z", "--json"],
        "simulate-2500.json"
      ),
    ])
  func simulate(arguments: [String], expected: String) async throws {
    let (status, capture) = await CapturedToolIO.run(["simulate"] + arguments)
    #expect(status == .success)
    #expect(capture.error.isEmpty)
    #expect(Array(capture.output.utf8) == (try Self.bytes(expected)))
  }
}
