package import Foundation

/// An instant as an exact decimal count of seconds since 1970-01-01T00:00:00Z: the whole
/// seconds (rounded down, so a negative time has a positive fraction) and the fraction's
/// decimal digits.
///
/// Why decimal: a `Date` holds a `Double` of seconds since 2001, and moving that to 1970 in
/// floating point rounds, so a time saved as `timeIntervalSince1970` does not always read back
/// as the same `Date`. Here the `Double`'s shortest decimal spelling (which identifies it
/// exactly) is shifted by the whole seconds between 1970 and 2001 in decimal, and turned back
/// into the nearest `Double` only when read: every writer of times (numbers in the client's
/// state file, context times as text) reads back the identical `Date`.
package struct EpochSeconds: Sendable, Hashable {
  /// Whole seconds since 1970, rounded down.
  package let whole: Int
  /// The fraction's digits as ASCII, without trailing zeros (empty for a whole second).
  package let fractionDigits: [UInt8]

  /// The seconds between 1970-01-01 and 2001-01-01, `Date`'s own reference.
  static let referenceOffset = 978_307_200
  /// Magnitudes from here on are not instants any calendar here can name.
  static let wholeLimit = 1_000_000_000_000_000
  /// Fraction digits kept; beyond them only whether something non-zero followed matters (a
  /// `Double` is decided by at most 767 significant digits), so work stays bounded.
  static let fractionDigitLimit = 1_100

  /// An instant from its parts; `fractionDigits` are ASCII digits. Trailing zeros are
  /// dropped, and digits beyond `fractionDigitLimit` are cut to one sticky digit that says
  /// whether anything non-zero followed (which can decide a tie when rounding to a `Double`).
  package init(whole: Int, fractionDigits: some Collection<UInt8>) {
    self.whole = whole
    var digits = Array(fractionDigits.prefix(Self.fractionDigitLimit))
    if fractionDigits.count > Self.fractionDigitLimit,
      fractionDigits.dropFirst(Self.fractionDigitLimit).contains(where: { $0 != UInt8(ascii: "0") })
    {
      digits.append(UInt8(ascii: "1"))
    }
    while digits.last == UInt8(ascii: "0") { digits.removeLast() }
    self.fractionDigits = digits
  }

  /// The exact instant `date` holds; nil for a NaN or infinite date, or one more than 10^15
  /// seconds away.
  package init?(_ date: Date) {
    let seconds = date.timeIntervalSinceReferenceDate
    guard seconds.isFinite, let reference = Self(decimal: "\(seconds)") else { return nil }
    self.init(
      whole: reference.whole + Self.referenceOffset, fractionDigits: reference.fractionDigits)
  }

  /// Reads a decimal number of seconds since 1970 exactly: `-?digits[.digits][e±digits]`
  /// (JSON's number syntax, and what `Double.description` prints). Nil for anything else or
  /// a magnitude of 10^15 or more.
  package init?(decimal text: some StringProtocol) {
    guard let number = DecimalDigits(text) else { return nil }
    // Place the point: `digits` × 10^(pointPosition - digits.count).
    var digits = number.digits[...]
    var pointPosition = number.integerCount + number.exponent
    while digits.first == UInt8(ascii: "0") {
      digits.removeFirst()
      pointPosition -= 1
    }
    while digits.last == UInt8(ascii: "0") { digits.removeLast() }
    guard !digits.isEmpty else {
      self.init(whole: 0, fractionDigits: [])
      return
    }
    guard pointPosition <= 15 else { return nil }
    var integer = 0
    var fraction: [UInt8] = []
    if pointPosition > 0 {
      for index in 0..<pointPosition {
        let position = digits.startIndex + index
        let digit = position < digits.endIndex ? Int(digits[position] - UInt8(ascii: "0")) : 0
        integer = integer * 10 + digit
      }
      if pointPosition < digits.count { fraction = Array(digits.dropFirst(pointPosition)) }
    } else {
      // Leading zeros beyond the limit only push the digits past it: keep one sticky digit.
      let zeros = min(-pointPosition, Self.fractionDigitLimit)
      fraction = Array(repeating: UInt8(ascii: "0"), count: zeros) + digits
    }
    let positive = Self(whole: integer, fractionDigits: fraction)
    guard integer < Self.wholeLimit else { return nil }
    if !number.isNegative || positive.fractionDigits.isEmpty {
      self.init(
        whole: number.isNegative ? -integer : integer, fractionDigits: positive.fractionDigits)
    } else {
      // -(i + 0.f) = (-i - 1) + (1 - 0.f)
      self.init(whole: -integer - 1, fractionDigits: Self.complement(positive.fractionDigits))
    }
  }

  /// The nearest `Date`.
  package var date: Date {
    let reference = Self(whole: whole - Self.referenceOffset, fractionDigits: fractionDigits)
    return Date(timeIntervalSinceReferenceDate: Double(reference.literal) ?? 0)
  }

  /// The seconds as a decimal literal (JSON's number syntax), e.g. `1767225600.25` or
  /// `-0.75`.
  package var literal: String {
    let fraction = String(decoding: fractionDigits, as: UTF8.self)
    if fractionDigits.isEmpty { return String(whole) }
    if whole >= 0 { return "\(whole).\(fraction)" }
    let complement = String(decoding: Self.complement(fractionDigits), as: UTF8.self)
    return "-\(-whole - 1).\(complement)"
  }

  /// The digits of 1 - 0.f for digits f without trailing zeros (again without them).
  private static func complement(_ digits: [UInt8]) -> [UInt8] {
    var result = digits.map { UInt8(ascii: "9") - ($0 - UInt8(ascii: "0")) }
    result[result.count - 1] += 1
    return result
  }
}

/// A decimal number split into its sign, digits and exponent, as written.
private struct DecimalDigits {
  var isNegative = false
  /// The integer digits followed by the fraction digits.
  var digits: [UInt8] = []
  /// How many of `digits` are before the point.
  var integerCount = 0
  var exponent = 0

  init?(_ text: some StringProtocol) {
    var bytes = Array(text.utf8)[...]
    if bytes.first == UInt8(ascii: "-") {
      isNegative = true
      bytes.removeFirst()
    }
    while let byte = bytes.first, Self.isDigit(byte) {
      digits.append(byte)
      bytes.removeFirst()
    }
    integerCount = digits.count
    guard integerCount > 0 else { return nil }
    if bytes.first == UInt8(ascii: ".") {
      bytes.removeFirst()
      while let byte = bytes.first, Self.isDigit(byte) {
        digits.append(byte)
        bytes.removeFirst()
      }
      guard digits.count > integerCount else { return nil }
    }
    if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
      bytes.removeFirst()
      var negative = false
      if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") {
        negative = bytes.removeFirst() == UInt8(ascii: "-")
      }
      guard let first = bytes.first, Self.isDigit(first) else { return nil }
      var magnitude = 0
      while let byte = bytes.first, Self.isDigit(byte) {
        // Saturate: any exponent beyond a few thousand means zero or out of range anyway.
        magnitude = min(magnitude * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000)
        bytes.removeFirst()
      }
      exponent = negative ? -magnitude : magnitude
    }
    guard bytes.isEmpty else { return nil }
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
