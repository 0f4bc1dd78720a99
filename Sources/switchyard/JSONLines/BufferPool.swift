import Core

/// Byte buffers handed back once written, for the next batch to write into: the JSON-lines
/// pipeline's answers reuse a few buffers whose memory is already mapped and in cache, rather
/// than each batch allocating fresh memory (which, at a batch's size, the allocator maps and
/// unmaps, so every page is faulted in and zeroed again).
final class BufferPool: Sendable {
  private let buffers = LockedState<[[UInt8]]>([])
  /// Buffers kept at most; more are let go.
  let limit: Int

  init(keeping limit: Int) {
    self.limit = limit
  }

  /// A buffer to write into, empty or holding bytes to drop; an empty array when none is
  /// waiting.
  func take() -> [UInt8] {
    buffers.withLock { $0.popLast() } ?? []
  }

  /// Keeps `buffer` for a later `take`, unless `limit` buffers are already kept.
  func put(_ buffer: [UInt8]) {
    guard buffer.capacity > 0 else { return }
    buffers.withLock { kept in
      if kept.count < limit { kept.append(buffer) }
    }
  }
}
