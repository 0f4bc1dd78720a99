import Core
import Foundation
import Synchronization

/// The tool's standard streams, injectable so tests run commands in-process and read what
/// they printed.
struct ToolIO: Sendable {
  /// Writes text to standard output as is.
  let writeOutput: @Sendable (String) -> Void
  /// Writes text to standard error as is.
  let writeError: @Sendable (String) -> Void
  /// Reads one line of standard input without its newline; nil at the end.
  let readInputLine: @Sendable () -> String?

  /// The process's real streams. Each write goes straight to the file descriptor so a
  /// long-running command (`watch`) shows its lines as they happen.
  static let standard = ToolIO(
    writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
    writeError: { FileHandle.standardError.write(Data($0.utf8)) },
    readInputLine: { Swift.readLine(strippingNewline: true) }
  )

  /// Prints one line to standard output.
  func printLine(_ line: String) {
    writeOutput(line + "\n")
  }

  /// Prints one line to standard error: made one line, of bounded length, if what it
  /// repeats from outside would break it (Core's `Excerpt.line`).
  func printError(_ line: String) {
    writeError(Excerpt.line(line, length: 2_000) + "\n")
  }
}
