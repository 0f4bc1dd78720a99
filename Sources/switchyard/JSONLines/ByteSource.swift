import Core

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Input read in chunks rather than whole: a file, standard input, or bytes a test made.
struct ByteSource: Sendable {
  /// Reads at most the given number of bytes; an empty array at the end.
  let read: @Sendable (Int) throws -> [UInt8]
  /// Whether the next `read` returns at once (bytes or the end) rather than waiting for a
  /// writer: before a read that would wait, the JSON-lines pipeline writes every answer it
  /// has, so a program feeding lines one by one reads each answer before it sends the next.
  let isReady: @Sendable () -> Bool

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  init(read: @escaping @Sendable (Int) throws -> [UInt8], isReady: @escaping @Sendable () -> Bool) {
    self.read = read
    self.isReady = isReady
  }

  /// Reads an open descriptor (the caller closes it); `name` is what errors call it.
  init(descriptor: Int32, name: String) {
    self.init(
      read: { count in try readChunk(descriptor, count: count, name: name) },
      isReady: { descriptorIsReady(descriptor) })
  }

  /// Runs `body` over the file at `path` (closed after), or over `standardInput` when `path`
  /// is `-`, with the name errors give it.
  /// - Throws: `InputFileError` when the file cannot be opened; what `body` throws.
  static func reading<Result>(
    _ path: String, standardInput: ByteSource,
    _ body: (ByteSource, _ name: String) async throws -> Result
  ) async throws -> Result {
    guard path != "-" else { return try await body(standardInput, "standard input") }
    let descriptor = try InputFile.openForReading(at: path)
    defer { _ = close(descriptor) }
    return try await body(ByteSource(descriptor: descriptor, name: path), path)
  }

  /// The bytes of `bytes`, at most `chunk` at a time.
  static func bytes(_ bytes: [UInt8], chunk: Int = .max) -> ByteSource {
    let position = LockedState(0)
    return ByteSource(
      read: { count in
        position.withLock { start in
          let end = start + min(bytes.count - start, count, chunk)
          defer { start = end }
          return Array(bytes[start..<end])
        }
      },
      isReady: { true })
  }
}

/// One `read(2)` of at most `count` bytes, retried when a signal interrupts it.
private func readChunk(_ descriptor: Int32, count: Int, name: String) throws(InputFileError)
  -> [UInt8]
{
  var failure: Int32 = 0
  let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
    initialized = 0
    while true {
      let result = read(descriptor, buffer.baseAddress, count)
      if result >= 0 {
        initialized = result
        return
      }
      guard errno == EINTR else {
        failure = errno
        return
      }
    }
  }
  guard failure == 0 else { throw InputFileError(path: name, errno: failure) }
  return bytes
}

/// Whether a read of `descriptor` would return at once: it is readable, at its end or
/// failed (`poll` reports all three), rather than waiting for a writer.
private func descriptorIsReady(_ descriptor: Int32) -> Bool {
  var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
  return poll(&request, 1, 0) != 0
}
