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

/// A fresh directory under the system's temporary directory, removed when released.
/// (The bench tests' own until the shared test-support target serves every test target.)
final class BenchTemporaryDirectory: Sendable {
  /// The directory's path.
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-bench-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Writes `text` to `name` in the directory and returns the file's path.
  func write(_ name: String, _ text: String) throws -> String {
    let file = (path as NSString).appendingPathComponent(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    return file
  }
}
