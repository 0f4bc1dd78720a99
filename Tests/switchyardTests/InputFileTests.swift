import Foundation
import SwitchyardTestSupport
import Testing

@testable import switchyard

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every kind of path the commands are given: what can be read to its end is read (files,
/// pipes, FIFOs), and everything else is a one-line error naming the path and what it is.
@Suite("Input paths through the commands", .timeLimit(.minutes(3)))
struct InputFileTests {
  static let template = #"{"parameters": {"greeting": {"defaultValue": {"value": "hi"}}}}"#

  /// The commands that read a path, with `path` in its place.
  static func commands(_ path: String) -> [[String]] {
    [
      ["validate", path],
      ["evaluate", "--template", path],
      ["evaluate", "--defaults", path],
      ["evaluate", "--contexts", path],
    ]
  }

  /// Writes `text` into `descriptor` on a thread of its own (a pipe blocks until it is
  /// read), then closes it.
  static func write(_ text: String, to descriptor: Int32) {
    Thread.detachNewThread {
      let bytes = Array(text.utf8)
      var offset = 0
      while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes {
          systemWrite(descriptor, $0.baseAddress, $0.count)
        }
        guard written > 0 else { break }
        offset += written
      }
      _ = close(descriptor)
    }
  }

  @Test("a FIFO is read to its end, once its writer has written")
  func fifo() async throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("template.fifo")
    try #require(mkfifo(path, 0o600) == 0)
    Thread.detachNewThread {
      // Opening for writing waits for the reader, as the shell's writer would.
      let descriptor = open(path, O_WRONLY)
      if descriptor >= 0 { Self.write(Self.template, to: descriptor) }
    }
    let (status, capture) = await CapturedToolIO.run(["validate", path])
    #expect(status == .success)
    #expect(capture.output == "\(path): valid (1 parameter, 0 conditions)\n")
  }

  @Test("a pipe named as /dev/fd/N (process substitution) is read, not refused")
  func processSubstitution() async throws {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    defer { _ = close(ends[0]) }
    Self.write(Self.template, to: ends[1])
    let (status, capture) = await CapturedToolIO.run([
      "evaluate", "--template", "/dev/fd/\(ends[0])",
    ])
    #expect(status == .success)
    #expect(capture.output == #"{"greeting":{"value":"hi","source":"remote"}}"# + "\n")
  }

  @Test("/dev/stdin is read: here the process's standard input is a pipe for the test's length")
  func standardInput() async throws {
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    let saved = dup(0)
    try #require(saved >= 0 && dup2(ends[0], 0) == 0)
    defer {
      _ = dup2(saved, 0)
      _ = close(saved)
      _ = close(ends[0])
    }
    Self.write(Self.template, to: ends[1])
    let (status, capture) = await CapturedToolIO.run(["validate", "/dev/stdin"])
    #expect(status == .success)
    #expect(capture.output == "/dev/stdin: valid (1 parameter, 0 conditions)\n")
  }

  @Test(
    "a path that cannot be read is one error line naming it and saying why",
    arguments: [
      ("directory", "it is a directory, not a file"),
      ("", "no file has an empty name"),
      ("missing", "no such file"),
      ("file-as-directory", "a part of the path is a file, not a directory"),
    ])
  func unreadable(kind: String, reason: String) async throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write("t.json", Self.template)
    let path: String
    switch kind {
    case "directory": path = directory.url.path
    case "missing": path = directory.path("missing.json")
    case "file-as-directory": path = file + "/x.json"
    default: path = kind
    }
    for command in Self.commands(path) {
      let (status, capture) = await CapturedToolIO.run(command)
      #expect(status == .failure, "\(command)")
      let shown = path.isEmpty ? "''" : path
      #expect(
        capture.error == "switchyard \(command[0]): error: \(shown): cannot be read: \(reason)\n",
        "\(command)")
      #expect(!capture.error.contains("NSCocoaErrorDomain"))
    }
  }

  @Test("a path with a line break in it stays on one line")
  func lineBreakInPath() async {
    let (status, capture) = await CapturedToolIO.run(["validate", "/nonexistent/a\nb.json"])
    #expect(status == .failure)
    #expect(
      capture.error
        == "switchyard validate: error: /nonexistent/aU+000Ab.json: cannot be read: no such file\n")
  }

  @Test("a file the user may not read says permission denied", .enabled(if: geteuid() != 0))
  func permissionDenied() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("secret.json", Self.template)
    try #require(chmod(path, 0) == 0)
    let (status, capture) = await CapturedToolIO.run(["validate", path])
    #expect(status == .failure)
    #expect(
      capture.error == "switchyard validate: error: \(path): cannot be read: permission denied\n")
  }
}

/// `write(2)` from the platform's C library (a name of its own beside `InputFileTests.write`).
private func systemWrite(
  _ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int
) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
  #else
    Darwin.write(descriptor, buffer, count)
  #endif
}
