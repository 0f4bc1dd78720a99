/// An odd modulus prepared for Montgomery arithmetic, and modular exponentiation over it.
///
/// With `k` limbs and R = 2^(64k), a number x is held as x·R mod m, and the product of two
/// such numbers is reduced by `multiply` (CIOS, Koç et al. 1996) without any division. The
/// modulus may be secret (the primes p and q), so `multiply` and `power` follow `BigUInt`'s
/// rule: the instructions run depend on the limb count and the exponent's limb count, never
/// on the values.
///
/// `power` uses a fixed 4-bit window: for every window of the exponent, from the top, four
/// squarings and one multiplication by a table entry, including entry 0 (the value 1) for a
/// zero window. The entry is read by scanning all 16 entries and keeping the one wanted with a
/// mask, so neither the sequence of operations nor the memory touched depends on the
/// exponent's bits. (A Montgomery ladder would also do; the window needs a quarter of its
/// multiplications.) `power` reports its steps to a `MontgomeryStepObserver`, which does
/// nothing when signing; the tests record them and check they are the same for every exponent
/// of a size.
struct MontgomeryModulus: Sendable {
  /// The modulus, `k` limbs with a nonzero top limb.
  let modulus: BigUInt
  /// -m⁻¹ mod 2^64, the factor that clears one low limb per reduction step.
  private let inverse: UInt64
  /// R mod m: 1 in Montgomery form.
  private let one: [UInt64]
  /// R² mod m: multiplying by it brings a number into Montgomery form.
  private let rSquared: [UInt64]

  private static let windowBits = 4
  private static let tableSize = 1 << windowBits

  /// Prepares `modulus`, which must be odd and greater than 1; nil otherwise.
  init?(_ modulus: BigUInt) {
    let modulus = modulus.trimmed
    guard modulus.isOdd, modulus.significantBitCount > 1 else { return nil }
    self.modulus = modulus
    // Newton's iteration for m⁻¹ mod 2^64: m·m ≡ 1 (mod 8) for odd m, and each step doubles
    // the number of correct low bits (3, 6, 12, 24, 48, 96).
    let low = modulus.limbs[0]
    var inverse = low
    for _ in 0..<5 { inverse = inverse &* (2 &- low &* inverse) }
    self.inverse = 0 &- inverse
    let k = modulus.limbCount
    var r = [UInt64](repeating: 0, count: k + 1)
    r[k] = 1
    let one = BigUInt(limbs: r).remainder(dividingBy: modulus).limbs
    self.one = one
    // R² mod m is R in Montgomery form: start from 2 (2R mod m) and raise it to the power
    // 64k, a public exponent, by squaring and multiplying.
    let two = BigUInt(limbs: one).adding(BigUInt(limbs: one)).remainder(dividingBy: modulus)
    self.rSquared = Self.raise(
      two.limbs, toPublicPower: 64 * k, one: one, modulus: modulus, inverse: self.inverse)
  }

  /// The number of limbs in the modulus.
  var limbCount: Int { modulus.limbCount }

  /// `base^exponent mod m`. `base` must be less than the modulus; the exponent's limb count
  /// (not its value) sets the amount of work, so callers size secret exponents to a fixed count.
  func power(_ base: BigUInt, exponent: BigUInt) -> BigUInt {
    var ignored = IgnoredMontgomerySteps()
    return power(base, exponent: exponent, observer: &ignored)
  }

  /// `power(_:exponent:)`, telling `observer` each step: the sequence it sees depends on the
  /// exponent's limb count alone, which is what the tests check.
  func power<Observer: MontgomeryStepObserver>(
    _ base: BigUInt, exponent: BigUInt, observer: inout Observer
  ) -> BigUInt {
    let k = limbCount
    let size = Self.tableSize
    // table[i] = base^i in Montgomery form, entry i at limbs i·k ..< (i+1)·k.
    var table = [UInt64](repeating: 0, count: size * k)
    var accumulator = one
    var entry = [UInt64](repeating: 0, count: k)
    var scratch = [UInt64](repeating: 0, count: k + 2)
    var product = [UInt64](repeating: 0, count: k)
    let baseForm = montgomeryForm(base)
    table.withUnsafeMutableBufferPointer { table in
      for limb in 0..<k {
        table[limb] = one[limb]
        table[k + limb] = baseForm[limb]
      }
      for index in 2..<size {
        observer.observe(.multiply)
        multiply(
          UnsafeBufferPointer(rebasing: table[(index - 1) * k..<index * k]),
          UnsafeBufferPointer(rebasing: table[k..<2 * k]),
          into: UnsafeMutableBufferPointer(rebasing: table[index * k..<(index + 1) * k]),
          scratch: &scratch)
      }
    }
    exponent.limbs.withUnsafeBufferPointer { exponent in
      table.withUnsafeBufferPointer { table in
        for limbIndex in stride(from: exponent.count - 1, through: 0, by: -1) {
          for shift in stride(from: 64 - Self.windowBits, through: 0, by: -Self.windowBits) {
            for _ in 0..<Self.windowBits {
              observer.observe(.square)
              multiply(accumulator, accumulator, into: &product, scratch: &scratch)
              swap(&accumulator, &product)
            }
            let window = (exponent[limbIndex] >> UInt64(shift)) & UInt64(size - 1)
            Self.select(
              from: table, entry: window, limbCount: k, into: &entry, observer: &observer)
            observer.observe(.multiply)
            multiply(accumulator, entry, into: &product, scratch: &scratch)
            swap(&accumulator, &product)
          }
        }
      }
    }
    return BigUInt(limbs: standardForm(accumulator))
  }

  /// `x·R mod m`: `x` (less than the modulus) in Montgomery form.
  func montgomeryForm(_ x: BigUInt) -> [UInt64] {
    var result = [UInt64](repeating: 0, count: limbCount)
    var scratch = [UInt64](repeating: 0, count: limbCount + 2)
    multiply(x.resized(to: limbCount).limbs, rSquared, into: &result, scratch: &scratch)
    return result
  }

  /// `x·R⁻¹ mod m`: back from Montgomery form.
  func standardForm(_ x: [UInt64]) -> [UInt64] {
    var unit = [UInt64](repeating: 0, count: limbCount)
    unit[0] = 1
    var result = [UInt64](repeating: 0, count: limbCount)
    var scratch = [UInt64](repeating: 0, count: limbCount + 2)
    multiply(x, unit, into: &result, scratch: &scratch)
    return result
  }

  /// `a·b mod m` for `a` and `b` in standard form, both less than the modulus.
  func multiplyReduced(_ a: BigUInt, _ b: BigUInt) -> BigUInt {
    var product = [UInt64](repeating: 0, count: limbCount)
    var scratch = [UInt64](repeating: 0, count: limbCount + 2)
    // (a·b·R⁻¹)·R²·R⁻¹ = a·b.
    multiply(
      a.resized(to: limbCount).limbs, b.resized(to: limbCount).limbs, into: &product,
      scratch: &scratch)
    var result = [UInt64](repeating: 0, count: limbCount)
    multiply(product, rSquared, into: &result, scratch: &scratch)
    return BigUInt(limbs: result)
  }

  /// `a·b·R⁻¹ mod m` into `result`; all three hold `k` limbs, `scratch` at least `k + 2`.
  private func multiply(
    _ a: [UInt64], _ b: [UInt64], into result: inout [UInt64], scratch: inout [UInt64]
  ) {
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        result.withUnsafeMutableBufferPointer { result in
          multiply(a, b, into: result, scratch: &scratch)
        }
      }
    }
  }

  /// `a·b·R⁻¹ mod m` on buffers of `k` limbs.
  private func multiply(
    _ a: UnsafeBufferPointer<UInt64>, _ b: UnsafeBufferPointer<UInt64>,
    into result: UnsafeMutableBufferPointer<UInt64>, scratch: inout [UInt64]
  ) {
    Self.multiply(a, b, into: result, scratch: &scratch, modulus: modulus, inverse: inverse)
  }

  /// The CIOS loop, with its two inner loops fused: for each limb `b[i]`, add `a·b[i]` and
  /// the multiple `u·m` of the modulus that clears the lowest limb, shifting down one limb as
  /// it goes. The total stays below 2m, so one subtraction, kept or not by a mask, finishes.
  ///
  /// This is the hot loop of signing, so it is written out by hand on raw pointers: debug
  /// builds do not inline `Limb`'s helpers, and the integer operators used here compile to
  /// single instructions even there. Carries use `Limb`'s formulas, spelled out.
  private static func multiply(
    _ a: UnsafeBufferPointer<UInt64>, _ b: UnsafeBufferPointer<UInt64>,
    into result: UnsafeMutableBufferPointer<UInt64>, scratch: inout [UInt64],
    modulus: BigUInt, inverse: UInt64
  ) {
    let k = modulus.limbCount
    guard let a = a.baseAddress, let b = b.baseAddress, let result = result.baseAddress else {
      return
    }
    modulus.limbs.withUnsafeBufferPointer { n in
      scratch.withUnsafeMutableBufferPointer { t in
        guard let n = n.baseAddress, let t = t.baseAddress else { return }
        t.update(repeating: 0, count: k &+ 2)
        var i = 0
        while i < k {
          let bi = b[i]
          // u makes t + a·b[i] + u·m divisible by 2^64.
          let u = (t[0] &+ a[0] &* bi) &* inverse
          var productCarry: UInt64 = 0
          var reductionCarry: UInt64 = 0
          var j = 0
          while j < k {
            // (productCarry, low) = a[j]·b[i] + t[j] + productCarry
            let product = a[j].multipliedFullWidth(by: bi)
            let tj = t[j]
            var low = product.low &+ tj
            var high = product.high &+ (((product.low & tj) | ((product.low | tj) & ~low)) >> 63)
            var sum = low &+ productCarry
            high = high &+ (((low & productCarry) | ((low | productCarry) & ~sum)) >> 63)
            productCarry = high
            // (reductionCarry, t[j − 1]) = u·m[j] + sum + reductionCarry
            let reduction = u.multipliedFullWidth(by: n[j])
            low = reduction.low &+ sum
            high =
              reduction.high &+ (((reduction.low & sum) | ((reduction.low | sum) & ~low)) >> 63)
            sum = low &+ reductionCarry
            high = high &+ (((low & reductionCarry) | ((low | reductionCarry) & ~sum)) >> 63)
            reductionCarry = high
            // The lowest limb is zero by the choice of u and drops out: the shift by one limb.
            if j > 0 { t[j &- 1] = sum }
            j &+= 1
          }
          let top = t[k]
          let first = top &+ productCarry
          let firstCarry = ((top & productCarry) | ((top | productCarry) & ~first)) >> 63
          let second = first &+ reductionCarry
          let secondCarry = ((first & reductionCarry) | ((first | reductionCarry) & ~second)) >> 63
          t[k &- 1] = second
          t[k] = firstCarry &+ secondCarry
          i &+= 1
        }
        // t < 2m: subtract m when t ≥ m, that is when t[k] is set or the subtraction does
        // not borrow.
        var borrow: UInt64 = 0
        var j = 0
        while j < k {
          (result[j], borrow) = Limb.subtract(t[j], n[j], borrow: borrow)
          j &+= 1
        }
        let keepDifference = Limb.mask((borrow ^ 1) | t[k])
        j = 0
        while j < k {
          result[j] = Limb.select(keepDifference, result[j], t[j])
          j &+= 1
        }
      }
    }
  }

  /// Copies table entry `entry` into `output` by reading every entry and keeping one with a
  /// mask, so the memory touched is the same for every entry.
  private static func select<Observer: MontgomeryStepObserver>(
    from table: UnsafeBufferPointer<UInt64>, entry: UInt64, limbCount k: Int,
    into output: inout [UInt64], observer: inout Observer
  ) {
    output.withUnsafeMutableBufferPointer { output in
      for limb in 0..<k { output[limb] = 0 }
      for index in 0..<tableSize {
        observer.observe(.tableRead(entry: index))
        let keep = Limb.equalMask(UInt64(index), entry)
        let start = index &* k
        for limb in 0..<k {
          output[limb] |= table[start &+ limb] & keep
        }
      }
    }
  }

  /// `x^exponent` in Montgomery form for a public exponent (square and multiply, variable
  /// time): only for `rSquared` at setup.
  private static func raise(
    _ x: [UInt64], toPublicPower exponent: Int, one: [UInt64], modulus: BigUInt,
    inverse: UInt64
  ) -> [UInt64] {
    var result = one
    var product = one
    var scratch = [UInt64](repeating: 0, count: modulus.limbCount + 2)
    func step(_ factor: [UInt64]) {
      result.withUnsafeBufferPointer { a in
        factor.withUnsafeBufferPointer { b in
          product.withUnsafeMutableBufferPointer { output in
            multiply(a, b, into: output, scratch: &scratch, modulus: modulus, inverse: inverse)
          }
        }
      }
      swap(&result, &product)
    }
    for shift in stride(from: Int.bitWidth - 1 - exponent.leadingZeroBitCount, through: 0, by: -1) {
      step(result)
      if (exponent >> shift) & 1 == 1 { step(x) }
    }
    return result
  }
}
