/// A set of characters for a class (`[a-z]`, `[^0-9]`), a class escape (`\d`, `\W`) or `.`.
///
/// Members are Unicode scalar values, kept as sorted, disjoint, non-adjacent ranges. A
/// character made of several scalars (an emoji sequence, a letter with a combining mark)
/// has no single scalar to test, so the set records separately whether such characters
/// belong: they belong to complements (`[^a]`, `\D`, `.`) and to nothing else.
struct BoundedRegexScalarSet: Sendable, Hashable {
  let ranges: [ClosedRange<UInt32>]
  /// Whether a character of more than one scalar is a member.
  let containsMultiScalarCharacters: Bool

  static let largestScalar: UInt32 = 0x10_FFFF

  init(ranges: [ClosedRange<UInt32>] = [], containsMultiScalarCharacters: Bool = false) {
    self.ranges = Self.normalized(ranges)
    self.containsMultiScalarCharacters = containsMultiScalarCharacters
  }

  /// `\d`: the ASCII digits.
  static let digits = BoundedRegexScalarSet(ranges: [0x30...0x39])
  /// `\w`: ASCII letters, digits and `_`.
  static let wordCharacters = BoundedRegexScalarSet(
    ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
  /// `\s`: JavaScript's white space and line terminators.
  static let whitespace = BoundedRegexScalarSet(ranges: [
    0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
    0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
  ])
  /// `.`: any character except a line feed.
  static let anyExceptLineFeed = BoundedRegexScalarSet(
    ranges: [0...0x09, 0x0B...largestScalar], containsMultiScalarCharacters: true)

  /// The members of either set.
  func union(_ other: BoundedRegexScalarSet) -> BoundedRegexScalarSet {
    BoundedRegexScalarSet(
      ranges: ranges + other.ranges,
      containsMultiScalarCharacters: containsMultiScalarCharacters
        || other.containsMultiScalarCharacters)
  }

  /// Everything that is not a member, multi-scalar characters included.
  func inverted() -> BoundedRegexScalarSet {
    var complement: [ClosedRange<UInt32>] = []
    var next: UInt32 = 0
    var reachedEnd = false
    for range in ranges {
      if range.lowerBound > next { complement.append(next...(range.lowerBound - 1)) }
      if range.upperBound >= Self.largestScalar {
        reachedEnd = true
        break
      }
      next = range.upperBound + 1
    }
    if !reachedEnd { complement.append(next...Self.largestScalar) }
    return BoundedRegexScalarSet(
      ranges: complement, containsMultiScalarCharacters: !containsMultiScalarCharacters)
  }

  /// The set with the other ASCII case of every ASCII letter added, for `(?i)`.
  ///
  /// Applied before a class is negated, as JavaScript does, so `(?i)[^a]` rejects `A`.
  func addingOtherASCIICase() -> BoundedRegexScalarSet {
    var added = ranges
    for range in ranges {
      if let upper = Self.clamped(range, to: 0x41...0x5A) {
        added.append((upper.lowerBound + 0x20)...(upper.upperBound + 0x20))
      }
      if let lower = Self.clamped(range, to: 0x61...0x7A) {
        added.append((lower.lowerBound - 0x20)...(lower.upperBound - 0x20))
      }
    }
    return BoundedRegexScalarSet(
      ranges: added, containsMultiScalarCharacters: containsMultiScalarCharacters)
  }

  private static func clamped(
    _ range: ClosedRange<UInt32>, to limits: ClosedRange<UInt32>
  ) -> ClosedRange<UInt32>? {
    guard range.overlaps(limits) else { return nil }
    return range.clamped(to: limits)
  }

  /// Sorts the ranges and merges those that overlap or touch.
  private static func normalized(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
    var merged: [ClosedRange<UInt32>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
        merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }
}
