/// A compiled pattern: the instruction list of a Thompson NFA, which `BoundedRegexMachine`
/// simulates.
///
/// Instructions either consume one input character (`scalar`, `multiScalarCharacter`,
/// `set`), test a position (`assertion`), or branch without consuming (`split`, `jump`).
/// `{m,n}` repetitions are expanded into copies here, which is why the parser bounds the
/// expanded size. Sets and multi-scalar literals live in flat tables of plain values, so
/// the matcher reads them without reference counting; the program itself is a class, so
/// a regex copied out of a table, or into a search, costs one retain.
final class BoundedRegexProgram: Sendable {
  enum Instruction: Sendable {
    /// Consumes a single-scalar character equal to either value.
    case scalar(UInt32, UInt32)
    /// Consumes a multi-scalar character whose scalars are `sequenceScalars[range]`.
    case multiScalarCharacter(Range<Int>)
    /// Consumes a character of `sets[index]`.
    case set(index: Int)
    /// Continues at both targets.
    case split(Int, Int)
    /// Continues at the target.
    case jump(Int)
    /// Continues at the next instruction if the position passes the test.
    case assertion(BoundedRegexAssertion)
    /// The pattern has matched.
    case match
  }

  /// A set as the matcher tests it: a bitmap for ASCII, binary search for the rest.
  struct CompiledSet: Sendable {
    /// Members 0..<64 and 64..<128, one bit each.
    let asciiLow: UInt64
    let asciiHigh: UInt64
    /// The set's ranges at and above U+0080, in `setRanges`.
    let nonASCIIRanges: Range<Int>
    let containsMultiScalarCharacters: Bool
  }

  let instructions: [Instruction]
  let sets: [CompiledSet]
  let setRanges: [ClosedRange<UInt32>]
  let sequenceScalars: [UInt32]
  /// Whether multi-scalar literals compare ASCII letters without case (`(?i)`).
  let isCaseInsensitive: Bool
  /// Whether every match starts at the beginning of the input.
  let isAnchoredAtStart: Bool
  /// The bytes a match's first character can begin with, when the program must consume a
  /// character to match and its first character can be told by its first byte; nil
  /// otherwise. A search can skip an input none of whose bytes (or, anchored, whose first
  /// byte) is one of these: the prefilter that settles most searches in a byte scan.
  let firstBytes: FirstByteSet?

  /// Compiles a parsed pattern; `size` is the parser's count, used to reserve capacity.
  init(compiling node: BoundedRegexNode, size: Int, isCaseInsensitive: Bool) {
    var builder = BoundedRegexProgramBuilder()
    builder.instructions.reserveCapacity(size + 1)
    builder.emit(node)
    builder.instructions.append(.match)
    instructions = builder.instructions
    sets = builder.sets
    setRanges = builder.setRanges
    sequenceScalars = builder.sequenceScalars
    self.isCaseInsensitive = isCaseInsensitive
    isAnchoredAtStart = node.isAnchoredAtStart
    firstBytes = builder.firstBytes(isCaseInsensitive: isCaseInsensitive)
  }

  /// Whether a match could start somewhere in `bytes` (a whole input's UTF-8), judged by
  /// `firstBytes` alone: false means no match; true means search. Every character starts
  /// with one of the input's bytes, so testing all of them (continuation bytes too) only
  /// ever says "search" more often than needed.
  func mayStart(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let firstBytes else { return true }
    if isAnchoredAtStart { return bytes.first.map(firstBytes.contains) ?? false }
    for byte in bytes where firstBytes.contains(byte) { return true }
    return false
  }

  /// Whether a single-scalar character belongs to `sets[index]`.
  func set(_ index: Int, contains scalar: UInt32) -> Bool {
    let set = sets[index]
    if scalar < 64 { return set.asciiLow >> UInt64(scalar) & 1 == 1 }
    if scalar < 128 { return set.asciiHigh >> UInt64(scalar - 64) & 1 == 1 }
    var low = set.nonASCIIRanges.lowerBound
    var high = set.nonASCIIRanges.upperBound
    while low < high {
      let middle = low + (high - low) / 2
      let range = setRanges[middle]
      if scalar < range.lowerBound {
        high = middle
      } else if scalar > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }
}
