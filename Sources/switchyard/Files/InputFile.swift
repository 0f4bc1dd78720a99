import Core
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the files a command is given, with errors that name the path and say what it is.
///
/// Anything that can be read to its end is read: a regular file, a pipe or process
/// substitution (`validate <(curl ...)`), `/dev/stdin`, a FIFO (opening it waits for its
/// writer, as `cat` does). A directory, a socket, an empty path, a missing file or one the
/// user may not read gets a message that says which; more than `maximumBytes` (an endless
/// device such as `/dev/zero`) stops with an error instead of filling memory.
enum InputFile {
  /// The most bytes read from one input: 256 MiB.
  static let maximumBytes = 256 * 1024 * 1024

  /// The file's bytes, read to its end, at most `maximumBytes`.
  static func readData(at path: String) throws(InputFileError) -> Data {
    let descriptor = try openForReading(at: path)
    defer { _ = close(descriptor) }
    return try readAll(descriptor, path: path)
  }

  /// Opens the file for reading, after the checks above, and returns its descriptor for a
  /// reader that takes it in chunks; the caller closes it.
  static func openForReading(at path: String) throws(InputFileError) -> Int32 {
    guard !path.isEmpty else {
      throw InputFileError(path: path, reason: "cannot be read: no file has an empty name")
    }
    var status = stat()
    guard stat(path, &status) == 0 else { throw InputFileError(path: path, errno: errno) }
    switch status.st_mode & S_IFMT {
    case S_IFDIR:
      throw InputFileError(path: path, reason: "cannot be read: it is a directory, not a file")
    case S_IFSOCK:
      throw InputFileError(path: path, reason: "cannot be read: it is a socket, not a file")
    default: break
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw InputFileError(path: path, errno: errno) }
    return descriptor
  }

  /// The file's text, which must be UTF-8.
  static func readText(at path: String) throws(InputFileError) -> String {
    let data = try readData(at: path)
    guard let text = String(data: data, encoding: .utf8) else {
      throw InputFileError(path: path, reason: "is not UTF-8 text")
    }
    return text
  }

  /// Reads `descriptor` to its end (or to `maximumBytes`).
  private static func readAll(_ descriptor: Int32, path: String) throws(InputFileError) -> Data {
    var data = Data()
    let capacity = 64 * 1024
    var buffer = [UInt8](repeating: 0, count: capacity)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, capacity) }
      if count == 0 { return data }
      if count < 0 {
        if errno == EINTR { continue }
        throw InputFileError(path: path, errno: errno)
      }
      guard data.count + count <= maximumBytes else {
        throw InputFileError(
          path: path, reason: "cannot be read: it is larger than \(maximumBytes / 1024 / 1024) MiB")
      }
      data.append(contentsOf: buffer[..<count])
    }
  }
}

/// A file a command could not use: its path and what is wrong, on one line.
struct InputFileError: Error, CustomStringConvertible {
  /// The path as given.
  let path: String
  /// What went wrong.
  let reason: String

  init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// The error `stat`, `open` or `read` reported, in words that do not depend on who runs
  /// the tool (a missing file is not "permission denied" for root).
  init(path: String, errno code: Int32) {
    self.init(path: path, reason: "cannot be read: " + FileSystemErrorText.reason(errno: code))
  }

  /// For example `/tmp: cannot be read: it is a directory, not a file`; an empty path reads
  /// as `''`.
  var description: String {
    path.isEmpty ? "'': \(reason)" : "\(Excerpt.of(path, length: 200)): \(reason)"
  }
}
