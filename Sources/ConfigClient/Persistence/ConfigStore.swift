/// Where a client persists its state: one opaque blob per namespace, which the client
/// encodes and versions itself. `FileConfigStore` keeps it in a file, `InMemoryConfigStore`
/// in memory.
public protocol ConfigStore: Sendable {
  /// The saved blob, or nil when nothing was saved yet.
  /// - Throws: when something is saved but cannot be read.
  func load() async throws -> [UInt8]?

  /// Replaces the saved blob. File stores replace it atomically: a reader sees the old blob
  /// or the new one, never a mix, even if the process dies mid-write.
  /// - Throws: when the blob cannot be written; the previous blob is then still in place.
  func save(_ bytes: [UInt8]) async throws
}
