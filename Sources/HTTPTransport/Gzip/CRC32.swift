/// CRC-32 as gzip (RFC 1952) and zip use it: the reflected polynomial 0xEDB88320, starting from
/// all ones and inverted at the end. A gzip member's trailer carries it, so an inflated body
/// whose bytes were damaged on the way is caught rather than served.
///
/// Contiguous bytes are taken eight at a time ("slicing-by-8": eight tables, one lookup per
/// byte, no dependency between the eight lookups), several times faster than one byte at a
/// time, which is what the checksum of every inflated body would otherwise cost most.
package struct CRC32: Sendable {
  /// Eight tables of 256 entries, one after the other: table 0 is the classic byte-at-a-time
  /// table; entry `i` of table `k` is the CRC of byte `i` followed by `k` zero bytes.
  private static let tables: [UInt32] = {
    var tables = [UInt32](repeating: 0, count: 8 * 256)
    for index in 0..<256 {
      var value = UInt32(index)
      for _ in 0..<8 {
        value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1
      }
      tables[index] = value
    }
    for table in 1..<8 {
      for index in 0..<256 {
        let previous = tables[(table - 1) * 256 + index]
        tables[table * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
      }
    }
    return tables
  }()

  private var state: UInt32 = 0xFFFF_FFFF

  /// An empty checksum, ready for bytes.
  package init() {}

  /// Adds `bytes` to the checksum.
  package mutating func update(_ bytes: some Sequence<UInt8>) {
    let state = self.state
    let updated = bytes.withContiguousStorageIfAvailable { Self.update(state, $0) }
    self.state = updated ?? Array(bytes).withUnsafeBufferPointer { Self.update(state, $0) }
  }

  /// The checksum of the bytes added so far.
  package var value: UInt32 { state ^ 0xFFFF_FFFF }

  /// The checksum of `bytes`.
  package static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc = CRC32()
    crc.update(bytes)
    return crc.value
  }

  /// `state` after `bytes`: eight bytes at a time, then the rest one at a time.
  private static func update(_ state: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    tables.withUnsafeBufferPointer { table in
      var state = state
      var index = 0
      while bytes.count - index >= 8 {
        let low =
          state
          ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8
            | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24)
        let high =
          UInt32(bytes[index + 4]) | UInt32(bytes[index + 5]) << 8
          | UInt32(bytes[index + 6]) << 16 | UInt32(bytes[index + 7]) << 24
        state =
          table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int(low >> 8 & 0xFF)]
          ^ table[5 * 256 + Int(low >> 16 & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
          ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int(high >> 8 & 0xFF)]
          ^ table[256 + Int(high >> 16 & 0xFF)] ^ table[Int(high >> 24)]
        index += 8
      }
      while index < bytes.count {
        state = table[Int((state ^ UInt32(bytes[index])) & 0xFF)] ^ (state >> 8)
        index += 1
      }
      return state
    }
  }
}
