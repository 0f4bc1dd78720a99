import Core
public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `ConfigStore` that keeps one namespace's blob in one file,
/// `<directory>/<namespace>.remote-config.json`, replaced atomically on every save: the blob
/// goes to a temporary file in the same directory, is flushed to disk, and is renamed over
/// the old file, so a crash mid-write leaves the old file or the new one, never a mix. The
/// file is readable and writable by its owner only (mode 0600): a client's state may hold a
/// Firebase installation's tokens (`FirebaseAppTemplateSource`).
///
/// A directory path that cannot serve is an error that names it and says why in words: an
/// empty path (never taken to mean the current directory), a path that exists and is not a
/// directory, one that cannot be created (a part of it is a file, no permission, a read-only
/// file system).
public struct FileConfigStore: ConfigStore {
  /// The largest file `load` reads, so a stray huge file cannot exhaust memory: the largest
  /// state the client writes (`RemoteConfigLimits.stateFileBytes`), so it reads all of them.
  public static let maximumFileBytes = RemoteConfigLimits.stateFileBytes

  /// The directory the file lives in; `save` creates it when missing.
  public let directory: URL
  /// The namespace, e.g. `default` or one per Firebase project.
  public let namespace: String
  /// Whether the directory was given as an empty path, which names no directory.
  private let hasEmptyPath: Bool

  /// A store for `namespace` in `directory`.
  public init(directory: URL, namespace: String = "default") {
    self.directory = directory
    self.namespace = namespace
    self.hasEmptyPath = directory.path.isEmpty
  }

  /// A store for `namespace` in the directory at `path`. An empty path names no directory:
  /// `load` and `save` then fail saying so.
  public init(directoryPath path: String, namespace: String = "default") {
    self.directory = URL(fileURLWithPath: path, isDirectory: true)
    self.namespace = namespace
    self.hasEmptyPath = path.isEmpty
  }

  /// The file's name: the namespace with every byte outside `[A-Za-z0-9_-]` written as
  /// `%XX`, so no namespace can name a path outside the directory or collide with another.
  public var fileName: String {
    var name = ""
    for byte in namespace.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
        name.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        name += "%" + (hex.count < 2 ? "0" + hex : hex)
      }
    }
    return name + ".remote-config.json"
  }

  /// `fileName` in `directory`: the one file this store reads and replaces.
  public var path: String { directory.appendingPathComponent(fileName).path }

  /// The file's bytes, or nil when there is no file (nor directory).
  /// - Throws: `ConfigStoreError` when the file exists but cannot be read or is too large, or
  ///   when the directory's path is empty or names something other than a directory.
  public func load() async throws -> [UInt8]? {
    try checkPath(operation: "read the directory")
    switch Self.kind(of: directory.path) {
    case .directory, .missing: break
    case .other: throw Self.notADirectory("read the directory", directory.path)
    case .failed(let code): throw Self.failure("read the directory", directory.path, code)
    }
    return try Self.readFile(path)
  }

  /// Creates the directory when missing, writes `bytes` to a temporary file there, flushes it
  /// and renames it over the file.
  /// - Throws: `ConfigStoreError`; the previous file is then untouched.
  public func save(_ bytes: [UInt8]) async throws {
    try checkPath(operation: "create the directory")
    try Self.createDirectory(directory.path)
    let temporary = directory.appendingPathComponent(
      ".\(fileName).\(UUID().uuidString).tmp"
    ).path
    do {
      try Self.writeFile(bytes, to: temporary)
      try Self.replaceFile(path, with: temporary)
    } catch {
      unlink(temporary)
      throw error
    }
  }

  private func checkPath(operation: String) throws(ConfigStoreError) {
    guard !hasEmptyPath else {
      throw ConfigStoreError(operation: operation, path: "", message: "the path is empty")
    }
  }

  /// What a path names.
  private enum Kind {
    case directory, missing, other
    case failed(Int32)
  }

  private static func kind(of path: String) -> Kind {
    var status = stat()
    guard stat(path, &status) == 0 else { return errno == ENOENT ? .missing : .failed(errno) }
    return status.st_mode & S_IFMT == S_IFDIR ? .directory : .other
  }

  /// `mkdir -p`: the directory and every missing parent, each checked to be a directory.
  private static func createDirectory(_ path: String) throws(ConfigStoreError) {
    switch kind(of: path) {
    case .directory: return
    case .other: throw notADirectory("create the directory", path)
    case .failed(let code): throw failure("create the directory", path, code)
    case .missing: break
    }
    let parent = (path as NSString).deletingLastPathComponent
    if !parent.isEmpty, parent != path { try createDirectory(parent) }
    guard mkdir(path, 0o755) == 0 else {
      let code = errno
      // Created meanwhile by someone else: fine if it is a directory.
      if code == EEXIST, case .directory = kind(of: path) { return }
      throw failure("create the directory", path, code)
    }
  }

  private static func notADirectory(_ operation: String, _ path: String) -> ConfigStoreError {
    ConfigStoreError(
      operation: operation, path: path, message: "it exists and is not a directory")
  }

  private static func readFile(_ path: String) throws(ConfigStoreError) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw failure("open", path)
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress, buffer.count)
      }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure("read", path)
      }
      guard bytes.count + count <= maximumFileBytes else {
        throw ConfigStoreError(
          operation: "read", path: path,
          message: "the file is larger than \(maximumFileBytes) bytes")
      }
      bytes += chunk[0..<count]
    }
    return bytes
  }

  private static func writeFile(_ bytes: [UInt8], to path: String) throws(ConfigStoreError) {
    // Owner only: the state may hold a Firebase installation's refresh and auth tokens.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw failure("create", path) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        let error = failure("write", path)
        close(descriptor)
        throw error
      }
      written += count
    }
    // Flush before the rename, so the name never points at data still only in the cache.
    guard fsync(descriptor) == 0 else {
      let error = failure("flush", path)
      close(descriptor)
      throw error
    }
    guard close(descriptor) == 0 else { throw failure("close", path) }
  }

  private static func replaceFile(
    _ destination: String, with source: String
  ) throws(ConfigStoreError) {
    guard rename(source, destination) == 0 else {
      throw failure("rename '\(source)' to", destination)
    }
  }

  private static func failure(
    _ operation: String, _ path: String, _ code: Int32 = errno
  ) -> ConfigStoreError {
    ConfigStoreError(
      operation: operation, path: path, message: FileSystemErrorText.reason(errno: code))
  }
}
