/// A non-negative integer as little-endian 64-bit limbs: the numbers of an RSA key.
///
/// Its values are often secret (primes, CRT exponents, intermediate results), so the
/// arithmetic here runs the same instructions for every value of the same size: every limb is
/// visited, carries come from `Limb`'s bit formulas, and results are chosen with masks. Sizes
/// (limb counts) are public, and leading zero limbs are kept, so a caller fixes a secret's
/// size and its leading zeros do not show. Only `significantBitCount`, `trimmed` and
/// `bigEndianBytes(count:)` look at values to decide anything; they serve public numbers and
/// sizes.
///
/// `description` and the mirror show the size only, never the value.
struct BigUInt: Sendable {
  /// Little-endian limbs: `limbs[0]` holds the least significant 64 bits.
  private(set) var limbs: [UInt64]

  /// A number from its limbs, least significant first (no limbs is zero, one limb wide).
  init(limbs: [UInt64]) {
    self.limbs = limbs.isEmpty ? [0] : limbs
  }

  /// A one-limb number.
  init(_ value: UInt64) {
    limbs = [value]
  }

  /// Zero, `count` limbs wide.
  init(zeroLimbs count: Int) {
    limbs = [UInt64](repeating: 0, count: max(count, 1))
  }

  /// The number whose big-endian unsigned encoding is `bytes` (an empty collection is zero).
  /// It gets as many limbs as the bytes fill, so the size follows the encoding, not the value.
  init(bigEndianBytes bytes: some Collection<UInt8>) {
    let count = bytes.count
    var limbs = [UInt64](repeating: 0, count: max((count &+ 7) / 8, 1))
    var position = count
    for byte in bytes {
      position &-= 1
      limbs[position / 8] |= UInt64(byte) << UInt64((position % 8) &* 8)
    }
    self.limbs = limbs
  }

  var limbCount: Int { limbs.count }

  /// The position of the highest set bit plus one (0 for zero). Variable time: for public
  /// values and for sizes.
  var significantBitCount: Int {
    for index in stride(from: limbs.count - 1, through: 0, by: -1) where limbs[index] != 0 {
      return index &* 64 &+ (64 &- limbs[index].leadingZeroBitCount)
    }
    return 0
  }

  /// The same number without leading zero limbs (one limb for zero). Variable time.
  var trimmed: BigUInt {
    var count = limbs.count
    while count > 1 && limbs[count - 1] == 0 { count -= 1 }
    return BigUInt(limbs: Array(limbs[0..<count]))
  }

  /// True when the number is zero.
  var isZero: Bool {
    var union: UInt64 = 0
    for limb in limbs { union |= limb }
    return union == 0
  }

  /// True when the lowest bit is set.
  var isOdd: Bool { limbs[0] & 1 == 1 }

  /// The same number with `count` limbs: zero limbs added on top, or top limbs dropped (the
  /// caller knows they are zero).
  func resized(to count: Int) -> BigUInt {
    let count = max(count, 1)
    if count <= limbs.count { return BigUInt(limbs: Array(limbs[0..<count])) }
    return BigUInt(limbs: limbs + [UInt64](repeating: 0, count: count - limbs.count))
  }

  /// The big-endian encoding in exactly `count` bytes, or nil when the number needs more.
  /// Variable time in whether it fits: for results about to be made public (signatures).
  func bigEndianBytes(count: Int) -> [UInt8]? {
    guard count >= 0, significantBitCount <= count &* 8 else { return nil }
    var bytes = [UInt8](repeating: 0, count: count)
    for position in 0..<min(count, limbs.count &* 8) {
      bytes[count - 1 - position] = UInt8(
        truncatingIfNeeded: limbs[position / 8] >> UInt64((position % 8) &* 8))
    }
    return bytes
  }

  /// -1, 0 or 1 as `lhs` is less than, equal to or greater than `rhs`, visiting every limb.
  static func compare(_ lhs: BigUInt, _ rhs: BigUInt) -> Int {
    let count = max(lhs.limbs.count, rhs.limbs.count)
    var borrow: UInt64 = 0
    var difference: UInt64 = 0
    for index in 0..<count {
      let left = index < lhs.limbs.count ? lhs.limbs[index] : 0
      let right = index < rhs.limbs.count ? rhs.limbs[index] : 0
      let step = Limb.subtract(left, right, borrow: borrow)
      borrow = step.borrow
      difference |= step.difference
    }
    if borrow == 1 { return -1 }
    return difference == 0 ? 0 : 1
  }

  /// `self + other`, one limb wider than the wider operand.
  func adding(_ other: BigUInt) -> BigUInt {
    let count = max(limbs.count, other.limbs.count)
    var sum = [UInt64](repeating: 0, count: count + 1)
    var carry: UInt64 = 0
    for index in 0..<count {
      let left = index < limbs.count ? limbs[index] : 0
      let right = index < other.limbs.count ? other.limbs[index] : 0
      (sum[index], carry) = Limb.add(left, right, carry: carry)
    }
    sum[count] = carry
    return BigUInt(limbs: sum)
  }

  /// `self - other` modulo 2^(64 × `limbCount`), and the borrow (1 when `other > self`).
  /// `other` must have no more limbs than `self`.
  func subtracting(_ other: BigUInt) -> (difference: BigUInt, borrow: UInt64) {
    var difference = limbs
    var borrow: UInt64 = 0
    for index in 0..<limbs.count {
      let right = index < other.limbs.count ? other.limbs[index] : 0
      (difference[index], borrow) = Limb.subtract(limbs[index], right, borrow: borrow)
    }
    return (BigUInt(limbs: difference), borrow)
  }

  /// `self × other`, as many limbs as both operands together (schoolbook: every limb pair).
  func multiplied(by other: BigUInt) -> BigUInt {
    var product = [UInt64](repeating: 0, count: limbs.count + other.limbs.count)
    limbs.withUnsafeBufferPointer { left in
      other.limbs.withUnsafeBufferPointer { right in
        product.withUnsafeMutableBufferPointer { product in
          for i in 0..<left.count {
            var carry: UInt64 = 0
            for j in 0..<right.count {
              (product[i &+ j], carry) = Limb.multiplyAdd(
                left[i], right[j], product[i &+ j], carry: carry)
            }
            product[i &+ right.count] = carry
          }
        }
      }
    }
    return BigUInt(limbs: product)
  }

  /// `self mod modulus`, with as many limbs as `modulus.trimmed`; `modulus` must not be zero.
  ///
  /// Binary long division: for each bit of `self` from the top, the remainder is doubled, the
  /// bit brought in, and `modulus` subtracted when that leaves no borrow, chosen by a mask. The
  /// work is (bits of `self`) × (limbs of `modulus`) whatever the values, which is cheap at RSA
  /// sizes and needs no division instruction (whose timing varies on many processors).
  func remainder(dividingBy modulus: BigUInt) -> BigUInt {
    let divisor = modulus.trimmed.limbs
    let count = divisor.count
    // One limb more than the divisor: twice a remainder plus one fits. Raw pointers and
    // spelled-out borrows keep debug builds fast; see `MontgomeryModulus.multiply`.
    var remainder = [UInt64](repeating: 0, count: count + 1)
    var reduced = remainder
    limbs.withUnsafeBufferPointer { dividend in
      divisor.withUnsafeBufferPointer { divisor in
        remainder.withUnsafeMutableBufferPointer { remainder in
          reduced.withUnsafeMutableBufferPointer { reduced in
            guard let divisor = divisor.baseAddress, let remainder = remainder.baseAddress,
              let reduced = reduced.baseAddress
            else { return }
            var limbIndex = dividend.count
            while limbIndex > 0 {
              limbIndex &-= 1
              let limb = dividend[limbIndex]
              var bitIndex: UInt64 = 64
              while bitIndex > 0 {
                bitIndex &-= 1
                var carry = (limb >> bitIndex) & 1
                var borrow: UInt64 = 0
                var index = 0
                while index <= count {
                  let word = remainder[index]
                  let shifted = (word << 1) | carry
                  carry = word >> 63
                  remainder[index] = shifted
                  let subtrahend = index < count ? divisor[index] : 0
                  let difference = shifted &- subtrahend &- borrow
                  borrow = ((~shifted & subtrahend) | (~(shifted ^ subtrahend) & difference)) >> 63
                  reduced[index] = difference
                  index &+= 1
                }
                // Keep the reduced value when the subtraction did not borrow.
                let keepReduced = borrow &- 1
                index = 0
                while index <= count {
                  remainder[index] =
                    (reduced[index] & keepReduced) | (remainder[index] & ~keepReduced)
                  index &+= 1
                }
              }
            }
          }
        }
      }
    }
    return BigUInt(limbs: Array(remainder[0..<count]))
  }
}

extension BigUInt: Equatable {
  /// Equal values, whatever their limb counts; every limb is visited.
  static func == (lhs: BigUInt, rhs: BigUInt) -> Bool { compare(lhs, rhs) == 0 }
}

extension BigUInt: RedactedDescription {
  /// The size only: these numbers are often parts of a private key.
  var redactedSummary: String { "BigUInt(\(limbs.count) limbs)" }
}
