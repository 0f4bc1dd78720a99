import Foundation

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
public struct FileConfigStore: ConfigStore {
  /// The largest file `load` reads, so a stray huge file cannot exhaust memory: the largest
  /// state the client writes (`RemoteConfigLimits.stateFileBytes`), so it reads all of them.
  public static let maximumFileBytes = RemoteConfigLimits.stateFileBytes

  /// The directory the file lives in; `save` creates it when missing.
  public let directory: URL
  /// The namespace, e.g. `default` or one per Firebase project.
  public let namespace: String

  /// A store for `namespace` in `directory`.
  public init(directory: URL, namespace: String = "default") {
    self.directory = directory
    self.namespace = namespace
  }

  /// A store for `namespace` in the directory at `path`.
  public init(directoryPath path: String, namespace: String = "default") {
    self.init(directory: URL(fileURLWithPath: path, isDirectory: true), namespace: namespace)
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

  /// The file's bytes, or nil when there is no file.
  /// - Throws: `ConfigStoreError` when the file exists but cannot be read or is too large.
  public func load() async throws -> [UInt8]? {
    try Self.readFile(path)
  }

  /// Writes `bytes` to a temporary file, flushes it and renames it over the file.
  /// - Throws: `ConfigStoreError`; the previous file is then untouched.
  public func save(_ bytes: [UInt8]) async throws {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw ConfigStoreError(
        operation: "create the directory", path: directory.path, message: "\(error)")
    }
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

  private static func failure(_ operation: String, _ path: String) -> ConfigStoreError {
    ConfigStoreError(operation: operation, path: path, message: String(cString: strerror(errno)))
  }
}
