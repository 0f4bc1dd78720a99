/// A SHA-256 digest: 256 bits, kept as four 64-bit words so that copying, comparing and
/// reducing it (`remainder(dividingBy:)`) never allocates.
package struct SHA256Digest: Sendable, Hashable, CustomStringConvertible {
  // The digest as a big-endian 256-bit integer: `word0` holds the most significant bits.
  private let word0: UInt64
  private let word1: UInt64
  private let word2: UInt64
  private let word3: UInt64

  init(word0: UInt64, word1: UInt64, word2: UInt64, word3: UInt64) {
    self.word0 = word0
    self.word1 = word1
    self.word2 = word2
    self.word3 = word3
  }

  /// The 32 digest bytes in the standard's (big-endian) order.
  package var bytes: [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(32)
    for word in [word0, word1, word2, word3] {
      for shift in stride(from: 56, through: 0, by: -8) {
        bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
      }
    }
    return bytes
  }

  /// The digest as 64 lowercase hexadecimal digits, as `sha256sum` prints it.
  package var hexString: String {
    let digits = Array("0123456789abcdef".utf8)
    var text = ""
    text.reserveCapacity(64)
    for byte in bytes {
      text.unicodeScalars.append(Unicode.Scalar(digits[Int(byte >> 4)]))
      text.unicodeScalars.append(Unicode.Scalar(digits[Int(byte & 0x0f)]))
    }
    return text
  }

  /// `hexString`, so a digest prints as `sha256sum` prints it.
  package var description: String { hexString }

  /// The digest read as an unsigned 256-bit big-endian integer, modulo `divisor`.
  ///
  /// This is how Firebase turns a hash into a percent bucket (`mod 100_000_000`). The
  /// reduction runs word by word (Horner's rule on 2^64 digits), so it needs no big-integer
  /// type and no allocation. A `divisor` of 0 stands for 2^64, the modulus of `UInt64`
  /// arithmetic, so the result is the low 64 bits instead of a division-by-zero trap.
  func remainder(dividingBy divisor: UInt64) -> UInt64 {
    guard divisor != 0 else { return word3 }
    // Each step keeps `remainder < divisor`, the precondition of `dividingFullWidth`.
    var remainder: UInt64 = 0
    remainder = divisor.dividingFullWidth((high: remainder, low: word0)).remainder
    remainder = divisor.dividingFullWidth((high: remainder, low: word1)).remainder
    remainder = divisor.dividingFullWidth((high: remainder, low: word2)).remainder
    remainder = divisor.dividingFullWidth((high: remainder, low: word3)).remainder
    return remainder
  }
}
