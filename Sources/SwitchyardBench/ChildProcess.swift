import Foundation

/// Spawns a child process and times it.
enum ChildProcess {
  /// What a spawn took, in milliseconds from just before the spawn.
  struct Timing {
    /// Until the first line of standard output arrived.
    var firstLine: Double
    /// Until the process exited.
    var exit: Double
  }

  /// Runs `executable` with `arguments` and returns its first output line.
  /// - Throws: `ChildProcessError` when it cannot start or fails.
  static func run(_ executable: URL, _ arguments: [String]) throws -> String {
    let (process, output) = try start(executable, arguments)
    let data = output.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0 else {
      throw ChildProcessError(
        command: ([executable.path] + arguments).joined(separator: " "),
        message: "exited \(process.terminationStatus)")
    }
    return String(text.split(separator: "\n").first ?? "")
  }

  /// Runs `executable` with `arguments` and checks its first output line.
  /// - Throws: `ChildProcessError` when it cannot start, prints something else or fails.
  static func time(_ executable: URL, _ arguments: [String], expecting line: String) throws
    -> Timing
  {
    let watch = Stopwatch()
    let (process, output) = try start(executable, arguments)
    let first = firstLine(of: output)
    let lineArrived = first.map { _ in watch.milliseconds }
    process.waitUntilExit()
    let exit = watch.milliseconds
    guard process.terminationStatus == 0, first == line, let lineArrived else {
      throw ChildProcessError(
        command: ([executable.path] + arguments).joined(separator: " "),
        message:
          "exited \(process.terminationStatus) printing '\(first ?? "")', expected '\(line)'")
    }
    return Timing(firstLine: lineArrived, exit: exit)
  }

  /// Starts `executable` with `arguments`, its standard output a pipe this process reads.
  static func start(_ executable: URL, _ arguments: [String]) throws -> (Process, FileHandle) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    return (process, output.fileHandleForReading)
  }

  /// The first line `output` gives, without its line feed, read as soon as it is whole; nil
  /// when the output ends before a line feed.
  static func firstLine(of output: FileHandle) -> String? {
    var received = Data()
    while !received.contains(UInt8(ascii: "\n")) {
      let chunk = output.availableData
      if chunk.isEmpty { return nil }
      received.append(chunk)
    }
    let text = String(decoding: received, as: UTF8.self)
    return String(text.split(separator: "\n", omittingEmptySubsequences: false)[0])
  }
}

/// A benchmark child process that did not do what was expected.
struct ChildProcessError: Error, CustomStringConvertible {
  /// The command line.
  let command: String
  /// What went wrong.
  let message: String

  var description: String { "\(command): \(message)" }
}
