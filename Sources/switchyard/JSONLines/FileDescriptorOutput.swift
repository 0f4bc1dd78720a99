#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes whole buffers to a file descriptor with `write(2)`: the JSON-lines commands' output,
/// a buffer of many lines per call.
enum FileDescriptorOutput {
  /// Writes every byte of `bytes`, resuming after partial writes and signals. A descriptor
  /// that fails (a closed pipe when `SIGPIPE` is ignored, a full disk) ends the write.
  static func write(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = writeOnce(descriptor, base + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
  }
}

/// One `write(2)` call.
private func writeOnce(_ descriptor: Int32, _ start: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, start, count)
}
