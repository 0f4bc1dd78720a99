/// CRC-32 as gzip (RFC 1952) and zip use it: the reflected polynomial 0xEDB88320, starting from
/// all ones and inverted at the end. A gzip member's trailer carries it, so an inflated body
/// whose bytes were damaged on the way is caught rather than served.
package struct CRC32: Sendable {
  /// The table for one byte at a time, made once.
  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 {
      value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1
    }
    return value
  }

  private var state: UInt32 = 0xFFFF_FFFF

  /// An empty checksum, ready for bytes.
  package init() {}

  /// Adds `bytes` to the checksum.
  package mutating func update(_ bytes: some Sequence<UInt8>) {
    var state = state
    Self.table.withUnsafeBufferPointer { table in
      for byte in bytes {
        state = table[Int((state ^ UInt32(byte)) & 0xFF)] ^ (state >> 8)
      }
    }
    self.state = state
  }

  /// The checksum of the bytes added so far.
  package var value: UInt32 { state ^ 0xFFFF_FFFF }

  /// The checksum of `bytes`.
  package static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc = CRC32()
    crc.update(bytes)
    return crc.value
  }
}
