import Core
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The tool's standard streams, injectable so tests run commands in-process and read what
/// they printed.
struct ToolIO: Sendable {
  /// Writes text to standard output as is.
  let writeOutput: @Sendable (String) -> Void
  /// Writes text to standard error as is.
  let writeError: @Sendable (String) -> Void
  /// Reads one line of standard input without its newline; nil at the end.
  let readInputLine: @Sendable () -> String?
  /// Writes bytes to standard output as they are: the JSON-lines commands hand it buffers
  /// of many lines at once.
  let writeOutputBytes: @Sendable ([UInt8]) -> Void
  /// Standard input as bytes in chunks, for the JSON-lines commands (which never read it by
  /// `readInputLine`: the two must not share one stream).
  let standardInput: ByteSource
  /// Whether standard error is a terminal: progress is shown only to a person watching.
  let errorIsTerminal: Bool

  /// Streams from closures. Without `writeOutputBytes` bytes go through `writeOutput`;
  /// without `standardInput` the lines of `readInputLine` are standard input's bytes, each
  /// ended by a newline.
  init(
    writeOutput: @escaping @Sendable (String) -> Void,
    writeError: @escaping @Sendable (String) -> Void,
    readInputLine: @escaping @Sendable () -> String?,
    writeOutputBytes: (@Sendable ([UInt8]) -> Void)? = nil,
    standardInput: ByteSource? = nil,
    errorIsTerminal: Bool = false
  ) {
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.readInputLine = readInputLine
    self.writeOutputBytes =
      writeOutputBytes ?? { bytes in writeOutput(String(decoding: bytes, as: UTF8.self)) }
    self.standardInput =
      standardInput
      ?? ByteSource(
        read: { _ in readInputLine().map { Array($0.utf8) + [UInt8(ascii: "\n")] } ?? [] },
        isReady: { true })
    self.errorIsTerminal = errorIsTerminal
  }

  /// The process's real streams. Each write goes straight to the file descriptor so a
  /// long-running command (`watch`) shows its lines as they happen.
  static let standard = ToolIO(
    writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
    writeError: { FileHandle.standardError.write(Data($0.utf8)) },
    readInputLine: { Swift.readLine(strippingNewline: true) },
    writeOutputBytes: { FileDescriptorOutput.write($0, to: STDOUT_FILENO) },
    standardInput: ByteSource(descriptor: STDIN_FILENO, name: "standard input"),
    errorIsTerminal: isatty(STDERR_FILENO) == 1
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
