/// Word operations for big-integer arithmetic on 64-bit limbs, written so that the instructions
/// run do not depend on the values: carries and borrows come from bit formulas (Hacker's
/// Delight, 2-13) rather than comparisons, and choices are masks rather than branches.
///
/// Swift promises nothing about the machine code it emits, so this is a best effort: it keeps
/// secret-dependent branches and memory indices out of the source, and the optimizer has no
/// comparison to turn back into one.
enum Limb {
  /// `a + b + carry` and the carry out (0 or 1); `carry` must be 0 or 1.
  @inline(__always)
  static func add(_ a: UInt64, _ b: UInt64, carry: UInt64) -> (sum: UInt64, carry: UInt64) {
    let sum = a &+ b &+ carry
    return (sum, ((a & b) | ((a | b) & ~sum)) >> 63)
  }

  /// `a - b - borrow` and the borrow out (0 or 1); `borrow` must be 0 or 1.
  @inline(__always)
  static func subtract(
    _ a: UInt64, _ b: UInt64, borrow: UInt64
  ) -> (difference: UInt64, borrow: UInt64) {
    let difference = a &- b &- borrow
    return (difference, ((~a & b) | (~(a ^ b) & difference)) >> 63)
  }

  /// `a * b + addend + carry` as two words; it cannot overflow 128 bits.
  @inline(__always)
  static func multiplyAdd(
    _ a: UInt64, _ b: UInt64, _ addend: UInt64, carry: UInt64
  ) -> (low: UInt64, high: UInt64) {
    let product = a.multipliedFullWidth(by: b)
    let first = add(product.low, addend, carry: 0)
    let second = add(first.sum, carry, carry: 0)
    return (second.sum, product.high &+ first.carry &+ second.carry)
  }

  /// All ones when `bit` is 1, zero when it is 0.
  @inline(__always)
  static func mask(_ bit: UInt64) -> UInt64 { 0 &- bit }

  /// All ones when `a == b`, zero otherwise.
  @inline(__always)
  static func equalMask(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let difference = a ^ b
    return ((difference | (0 &- difference)) >> 63) &- 1
  }

  /// `whenSet` where `mask` is all ones, `otherwise` where it is zero.
  @inline(__always)
  static func select(_ mask: UInt64, _ whenSet: UInt64, _ otherwise: UInt64) -> UInt64 {
    (whenSet & mask) | (otherwise & ~mask)
  }
}
