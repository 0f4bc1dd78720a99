/// An incremental SHA-256 hasher (FIPS 180-4), written here because CryptoKit does not exist
/// on Linux and the package takes no dependencies.
///
/// Percent conditions hash one short string per seed and evaluation, so the hasher keeps its
/// whole state inline (eight state words, a 64-byte block buffer, a length): creating one,
/// feeding it contiguous bytes or a native string and finalizing it never touches the heap.
/// All arithmetic wraps, as the standard defines it modulo 2^32.
///
/// ```swift
/// var hasher = SHA256()
/// hasher.update("seed")
/// hasher.update(".")
/// hasher.update(randomizationID)
/// let bucket = hasher.finalize().remainder(dividingBy: 100_000_000)
/// ```
package struct SHA256: Sendable {
  /// The eight working words H0...H7, starting from the standard's initial hash value.
  private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
    0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
  )
  /// The message block being filled, 64 bytes viewed through `withUnsafeMutableBytes`.
  private var block: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
    0, 0, 0, 0, 0, 0, 0, 0
  )
  /// How many bytes of `block` are filled (0..<64 between calls).
  private var blockFill = 0
  /// The message length in bytes so far; the padding encodes it modulo 2^64 bits.
  private var messageLength: UInt64 = 0

  private static let blockSize = 64

  /// Creates a hasher for an empty message.
  init() {}

  /// Appends raw bytes to the message.
  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard var remaining = bytes.baseAddress, bytes.count > 0 else { return }
    var count = bytes.count
    messageLength &+= UInt64(truncatingIfNeeded: count)
    if blockFill > 0 {
      let taken = min(count, Self.blockSize - blockFill)
      let fill = blockFill
      withUnsafeMutableBytes(of: &block) { buffer in
        buffer.baseAddress?.advanced(by: fill).copyMemory(from: remaining, byteCount: taken)
      }
      blockFill += taken
      remaining += taken
      count -= taken
      guard blockFill == Self.blockSize else { return }
      compressBufferedBlock()
    }
    // Whole blocks are compressed straight from the caller's memory, without a copy.
    while count >= Self.blockSize {
      compress(remaining)
      remaining += Self.blockSize
      count -= Self.blockSize
    }
    if count > 0 {
      let tail = remaining
      withUnsafeMutableBytes(of: &block) { buffer in
        buffer.baseAddress?.copyMemory(from: tail, byteCount: count)
      }
      blockFill = count
    }
  }

  /// Appends the UTF-8 bytes of a text, read in place when the text is stored contiguously.
  mutating func update(_ text: some StringProtocol) {
    let hashedInPlace: Void? = text.utf8.withContiguousStorageIfAvailable { utf8 in
      update(UnsafeRawBufferPointer(utf8))
    }
    if hashedInPlace == nil {
      for byte in text.utf8 { appendMessageByte(byte) }
    }
  }

  /// Appends bytes from any sequence, read in place when the sequence is contiguous.
  mutating func update(_ bytes: some Sequence<UInt8>) {
    let hashedInPlace: Void? = bytes.withContiguousStorageIfAvailable { contiguous in
      update(UnsafeRawBufferPointer(contiguous))
    }
    if hashedInPlace == nil {
      for byte in bytes { appendMessageByte(byte) }
    }
  }

  /// Pads the message, processes the last block and returns the digest.
  consuming func finalize() -> SHA256Digest {
    let bitLength = messageLength &* 8
    let fill = blockFill
    // The 0x80 byte, zeros to byte 56 (of this block, or of one more when the length no
    // longer fits in this one) and the length, written in place.
    let needsExtraBlock = withUnsafeMutableBytes(of: &block) { buffer -> Bool in
      buffer[fill] = 0x80
      let zeros = buffer.count &- fill &- 1
      buffer.baseAddress?.advanced(by: fill &+ 1).initializeMemory(
        as: UInt8.self, repeating: 0, count: zeros)
      return fill >= Self.blockSize &- 8
    }
    if needsExtraBlock {
      compressBufferedBlock()
      block = (0, 0, 0, 0, 0, 0, 0, 0)
    }
    withUnsafeMutableBytes(of: &block) { buffer in
      buffer.storeBytes(of: bitLength.bigEndian, toByteOffset: Self.blockSize - 8, as: UInt64.self)
    }
    compressBufferedBlock()
    return SHA256Digest(
      word0: UInt64(state.0) << 32 | UInt64(state.1),
      word1: UInt64(state.2) << 32 | UInt64(state.3),
      word2: UInt64(state.4) << 32 | UInt64(state.5),
      word3: UInt64(state.6) << 32 | UInt64(state.7))
  }

  /// The digest of a byte sequence.
  package static func hash(_ bytes: some Sequence<UInt8>) -> SHA256Digest {
    var hasher = SHA256()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// The digest of a text's UTF-8 bytes.
  package static func hash(_ text: some StringProtocol) -> SHA256Digest {
    var hasher = SHA256()
    hasher.update(text)
    return hasher.finalize()
  }

  /// Appends one message byte: the slow path for input that is not stored contiguously.
  private mutating func appendMessageByte(_ byte: UInt8) {
    messageLength &+= 1
    let fill = blockFill
    withUnsafeMutableBytes(of: &block) { buffer in
      buffer.storeBytes(of: byte, toByteOffset: fill, as: UInt8.self)
    }
    blockFill += 1
    if blockFill == Self.blockSize { compressBufferedBlock() }
  }

  private mutating func compressBufferedBlock() {
    // A copy, so `compress` may mutate `self` while reading the block.
    let copy = block
    withUnsafeBytes(of: copy) { buffer in
      if let base = buffer.baseAddress { compress(base) }
    }
    blockFill = 0
  }

  /// Processes one 64-byte block at `bytes` (FIPS 180-4, section 6.2.2).
  private mutating func compress(_ bytes: UnsafeRawPointer) {
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
      guard let w = schedule.baseAddress else { return }
      for t in 0..<16 {
        w[t] = bytes.loadUnaligned(fromByteOffset: t &* 4, as: UInt32.self).bigEndian
      }
      for t in 16..<64 {
        let w15 = w[t &- 15]
        let w2 = w[t &- 2]
        // σ0 = ROTR7 ^ ROTR18 ^ SHR3 and σ1 = ROTR17 ^ ROTR19 ^ SHR10, rotates nested.
        let sigma0 = (w15.rotatedRight(11) ^ w15).rotatedRight(7) ^ (w15 &>> 3)
        let sigma1 = (w2.rotatedRight(2) ^ w2).rotatedRight(17) ^ (w2 &>> 10)
        w[t] = sigma1 &+ w[t &- 7] &+ sigma0 &+ w[t &- 16]
      }
      var (a, b, c, d, e, f, g, h) = state
      Self.roundConstants.withUnsafeBufferPointer { constants in
        guard let k = constants.baseAddress else { return }
        // Eight rounds per pass with the roles of the working variables rotated in the
        // arguments, instead of moving seven of them after every round.
        for t in stride(from: 0, to: 64, by: 8) {
          Self.round(a, b, c, &d, e, f, g, &h, k[t] &+ w[t])
          Self.round(h, a, b, &c, d, e, f, &g, k[t &+ 1] &+ w[t &+ 1])
          Self.round(g, h, a, &b, c, d, e, &f, k[t &+ 2] &+ w[t &+ 2])
          Self.round(f, g, h, &a, b, c, d, &e, k[t &+ 3] &+ w[t &+ 3])
          Self.round(e, f, g, &h, a, b, c, &d, k[t &+ 4] &+ w[t &+ 4])
          Self.round(d, e, f, &g, h, a, b, &c, k[t &+ 5] &+ w[t &+ 5])
          Self.round(c, d, e, &f, g, h, a, &b, k[t &+ 6] &+ w[t &+ 6])
          Self.round(b, c, d, &e, f, g, h, &a, k[t &+ 7] &+ w[t &+ 7])
        }
      }
      state.0 &+= a
      state.1 &+= b
      state.2 &+= c
      state.3 &+= d
      state.4 &+= e
      state.5 &+= f
      state.6 &+= g
      state.7 &+= h
    }
  }

  /// One round: T1 = h + Σ1(e) + Ch(e, f, g) + K[t] + W[t] goes into `d` (the next round's
  /// `e`), and T1 + Σ0(a) + Maj(a, b, c) into `h` (the next round's `a`). `constantAndWord`
  /// is K[t] + W[t].
  @inline(__always)
  private static func round(
    _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
    _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ constantAndWord: UInt32
  ) {
    // Σ1(e) = ROTR6(e) ^ ROTR11(e) ^ ROTR25(e) and Σ0(a) = ROTR2(a) ^ ROTR13(a) ^ ROTR22(a),
    // nested so that x86's two-operand rotates need no copies of the input.
    let sum1 = ((e.rotatedRight(14) ^ e).rotatedRight(5) ^ e).rotatedRight(6)
    let choice = g ^ (e & (f ^ g))
    let temp1 = h &+ sum1 &+ choice &+ constantAndWord
    let sum0 = ((a.rotatedRight(9) ^ a).rotatedRight(11) ^ a).rotatedRight(2)
    let majority = (a & b) | (c & (a | b))
    d &+= temp1
    h = temp1 &+ sum0 &+ majority
  }

  /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]
}

extension UInt32 {
  /// Rotates the bits right by `count` (1...31), the `ROTR` of FIPS 180-4.
  @inline(__always)
  fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
    (self &>> count) | (self &<< (32 &- count))
  }
}
