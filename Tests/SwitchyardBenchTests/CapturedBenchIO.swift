import Core
import Foundation

@testable import SwitchyardBench

/// Runs `switchyard-bench` in-process with captured output streams.
final class CapturedBenchIO: Sendable {
  private let buffers = LockedState((output: "", error: ""))

  /// The streams to hand to `BenchTool.run`.
  var io: BenchIO {
    BenchIO(
      writeOutput: { text in self.buffers.withLock { $0.output += text } },
      writeError: { text in self.buffers.withLock { $0.error += text } })
  }

  /// Everything written to standard output.
  var output: String { buffers.withLock { $0.output } }
  /// Everything written to standard error.
  var error: String { buffers.withLock { $0.error } }
  /// Standard output split into lines, without the final empty one.
  var outputLines: [String] {
    output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  /// Runs the bench tool with `arguments` and returns its exit status.
  static func run(_ arguments: [String]) async -> (status: Int32, capture: CapturedBenchIO) {
    let capture = CapturedBenchIO()
    return (await BenchTool.run(arguments: arguments, io: capture.io), capture)
  }
}
