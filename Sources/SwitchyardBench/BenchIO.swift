import Core
import Foundation

/// The bench tool's output streams, injectable so tests run it in-process and read what it
/// printed.
struct BenchIO: Sendable {
  /// Writes text to standard output as is.
  let writeOutput: @Sendable (String) -> Void
  /// Writes text to standard error as is.
  let writeError: @Sendable (String) -> Void

  /// The process's real streams, written at once so figures show as they are measured.
  static let standard = BenchIO(
    writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
    writeError: { FileHandle.standardError.write(Data($0.utf8)) })

  /// Prints one line to standard output.
  func printLine(_ line: String) {
    writeOutput(line + "\n")
  }

  /// Prints one line to standard error, kept to one line of bounded length.
  func printError(_ line: String) {
    writeError(Excerpt.line(line, length: 2_000) + "\n")
  }
}
