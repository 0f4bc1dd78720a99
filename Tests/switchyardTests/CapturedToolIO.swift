import Core

@testable import switchyard

/// Runs the tool in-process with scripted standard input and captured output streams.
final class CapturedToolIO: Sendable {
  private struct Buffers {
    var output = ""
    var error = ""
    var input: [String] = []
  }

  private let buffers: LockedState<Buffers>
  /// Standard input as bytes, for the JSON-lines commands.
  private let inputBytes: [UInt8]
  /// The most bytes one read of standard input returns.
  private let chunk: Int

  /// A capture whose standard input yields `input`, one element per line.
  init(input: [String] = []) {
    buffers = LockedState(Buffers(input: input))
    inputBytes = Array(input.map { $0 + "\n" }.joined().utf8)
    chunk = .max
  }

  /// A capture whose standard input is `bytes` as they are (for the JSON-lines commands,
  /// which read bytes: CRLF, bytes that are not UTF-8), handed out `chunk` bytes at a time.
  init(inputBytes bytes: [UInt8], chunk: Int = 7) {
    buffers = LockedState(Buffers())
    inputBytes = bytes
    self.chunk = chunk
  }

  /// The streams to hand to `SwitchyardTool.run`.
  var io: ToolIO {
    ToolIO(
      writeOutput: { text in self.buffers.withLock { $0.output += text } },
      writeError: { text in self.buffers.withLock { $0.error += text } },
      readInputLine: {
        self.buffers.withLock { $0.input.isEmpty ? nil : $0.input.removeFirst() }
      },
      standardInput: .bytes(inputBytes, chunk: chunk)
    )
  }

  /// Everything written to standard output.
  var output: String { buffers.withLock { $0.output } }
  /// Everything written to standard error.
  var error: String { buffers.withLock { $0.error } }
  /// Standard output split into lines, without the final empty one.
  var outputLines: [String] {
    output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  /// Runs `switchyard` with `arguments` through the tool's entry point and returns its exit
  /// status; the commands in `replacements` answer to their names instead of the registered
  /// ones (`fetch` and `watch` on a test's clock).
  static func run(
    _ arguments: [String], input: [String] = [], replacing replacements: [ToolCommand] = []
  ) async -> (status: ExitStatus, capture: CapturedToolIO) {
    await run(arguments, capture: CapturedToolIO(input: input), replacing: replacements)
  }

  /// Runs `switchyard` with `arguments` on `capture`'s streams.
  static func run(
    _ arguments: [String], capture: CapturedToolIO, replacing replacements: [ToolCommand] = []
  ) async -> (status: ExitStatus, capture: CapturedToolIO) {
    let status = await SwitchyardTool.run(
      arguments: arguments, io: capture.io, replacing: replacements)
    return (status, capture)
  }
}
