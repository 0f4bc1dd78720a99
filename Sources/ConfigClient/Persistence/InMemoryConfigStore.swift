import Core

/// A `ConfigStore` in memory: for tests, previews and processes that must not touch disk.
/// Copies share one blob, so a test can restore a second client from what the first saved.
public struct InMemoryConfigStore: ConfigStore {
  private let storage: Storage

  /// A store holding `bytes` (nil: nothing saved yet).
  public init(bytes: [UInt8]? = nil) {
    storage = Storage(bytes)
  }

  /// The saved blob, or nil.
  public var bytes: [UInt8]? { storage.bytes.withLock { $0 } }

  /// How many times `save` was called.
  public var saveCount: Int { storage.saveCount.withLock { $0 } }

  /// The saved blob, or nil.
  public func load() async throws -> [UInt8]? {
    bytes
  }

  /// Replaces the blob.
  public func save(_ bytes: [UInt8]) async throws {
    storage.bytes.withLock { $0 = bytes }
    storage.saveCount.withLock { $0 += 1 }
  }

  /// Replaces the blob without counting a save, e.g. to plant a corrupt one in a test.
  public func replace(with bytes: [UInt8]?) {
    storage.bytes.withLock { $0 = bytes }
  }

  private final class Storage: Sendable {
    let bytes: LockedState<[UInt8]?>
    let saveCount = LockedState(0)

    init(_ bytes: [UInt8]?) {
      self.bytes = LockedState(bytes)
    }
  }
}
