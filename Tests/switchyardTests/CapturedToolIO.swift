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

  /// A capture whose standard input yields `input`, one element per line.
  init(input: [String] = []) {
    buffers = LockedState(Buffers(input: input))
  }

  /// The streams to hand to `SwitchyardTool.run`.
  var io: ToolIO {
    ToolIO(
      writeOutput: { text in self.buffers.withLock { $0.output += text } },
      writeError: { text in self.buffers.withLock { $0.error += text } },
      readInputLine: {
        self.buffers.withLock { $0.input.isEmpty ? nil : $0.input.removeFirst() }
      }
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
    let capture = CapturedToolIO(input: input)
    let status = await SwitchyardTool.run(
      arguments: arguments, io: capture.io, replacing: replacements)
    return (status, capture)
  }
}
