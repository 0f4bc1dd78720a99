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
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
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
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    let watch = Stopwatch()
    try process.run()
    var received = Data()
    var firstLine: Double?
    while firstLine == nil {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      received.append(chunk)
      if received.contains(UInt8(ascii: "\n")) { firstLine = watch.milliseconds }
    }
    process.waitUntilExit()
    let exit = watch.milliseconds
    let text = String(decoding: received, as: UTF8.self)
    let first = text.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
    guard process.terminationStatus == 0, first == line, let firstLine else {
      throw ChildProcessError(
        command: ([executable.path] + arguments).joined(separator: " "),
        message: "exited \(process.terminationStatus) printing '\(first)', expected '\(line)'")
    }
    return Timing(firstLine: firstLine, exit: exit)
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
