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

  /// A set of UTF-8 bytes: ASCII ones bit by bit, every non-ASCII byte at once.
  struct FirstByteSet: Sendable {
    var asciiLow: UInt64 = 0
    var asciiHigh: UInt64 = 0
    var containsNonASCII = false

    mutating func insert(_ scalar: UInt32) {
      if scalar < 64 {
        asciiLow |= 1 << UInt64(scalar)
      } else if scalar < 128 {
        asciiHigh |= 1 << UInt64(scalar - 64)
      } else {
        containsNonASCII = true
      }
    }

    func contains(_ byte: UInt8) -> Bool {
      if byte < 64 { return asciiLow >> UInt64(byte) & 1 == 1 }
      if byte < 128 { return asciiHigh >> UInt64(byte - 64) & 1 == 1 }
      return containsNonASCII
    }
  }

  /// Compiles a parsed pattern; `size` is the parser's count, used to reserve capacity.
  init(compiling node: BoundedRegexNode, size: Int, isCaseInsensitive: Bool) {
    var builder = Builder()
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

/// The compiler's working state.
private struct Builder {
  typealias Instruction = BoundedRegexProgram.Instruction

  var instructions: [Instruction] = []
  var sets: [BoundedRegexProgram.CompiledSet] = []
  var setRanges: [ClosedRange<UInt32>] = []
  var sequenceScalars: [UInt32] = []
  /// Set indices by content, so the copies of an expanded repetition share one set.
  var setIndices: [BoundedRegexScalarSet: Int] = [:]

  mutating func emit(_ node: BoundedRegexNode) {
    switch node {
    case .empty:
      break
    case .scalar(let first, let second):
      instructions.append(.scalar(first, second))
    case .multiScalarCharacter(let scalars):
      let start = sequenceScalars.count
      sequenceScalars.append(contentsOf: scalars)
      instructions.append(.multiScalarCharacter(start..<sequenceScalars.count))
    case .set(let set):
      instructions.append(.set(index: index(of: set)))
    case .assertion(let assertion):
      instructions.append(.assertion(assertion))
    case .concatenation(let nodes):
      for node in nodes { emit(node) }
    case .alternation(let branches):
      emitAlternation(branches)
    case .repetition(let node, let minimum, let maximum):
      emitRepetition(node, minimum: minimum, maximum: maximum)
    }
  }

  /// `split(branch 1, next); branch 1; jump end; split(branch 2, next); ...; last branch`.
  private mutating func emitAlternation(_ branches: [BoundedRegexNode]) {
    var jumpsToEnd: [Int] = []
    for (position, branch) in branches.enumerated() {
      guard position < branches.count - 1 else {
        emit(branch)
        break
      }
      let split = placeholder()
      emit(branch)
      jumpsToEnd.append(placeholder())
      instructions[split] = .split(split + 1, instructions.count)
    }
    for jump in jumpsToEnd { instructions[jump] = .jump(instructions.count) }
  }

  private mutating func emitRepetition(_ node: BoundedRegexNode, minimum: Int, maximum: Int?) {
    guard let maximum else {
      if minimum == 0 {
        // loop: split(body, end); body; jump loop
        let loop = placeholder()
        emit(node)
        instructions.append(.jump(loop))
        instructions[loop] = .split(loop + 1, instructions.count)
      } else {
        // minimum - 1 copies, then body; split(body, next)
        for _ in 1..<minimum { emit(node) }
        let body = instructions.count
        emit(node)
        instructions.append(.split(body, instructions.count + 1))
      }
      return
    }
    for _ in 0..<minimum { emit(node) }
    // Each optional copy: split(copy, after copy); copy.
    for _ in minimum..<maximum {
      let split = placeholder()
      emit(node)
      instructions[split] = .split(split + 1, instructions.count)
    }
  }

  /// The bytes the first character a match consumes can begin with (see
  /// `BoundedRegexProgram.firstBytes`): the consuming instructions reachable from the start
  /// without consuming, every assertion taken as passing. Nil when `match` is reachable
  /// that way (a match may consume nothing) or a first character may have several scalars
  /// beginning with any byte (a set such as `.` or `[^a]`).
  func firstBytes(isCaseInsensitive: Bool) -> BoundedRegexProgram.FirstByteSet? {
    var result = BoundedRegexProgram.FirstByteSet()
    var visited = Set<Int>()
    var pending = [0]
    while let pc = pending.popLast() {
      guard visited.insert(pc).inserted else { continue }
      switch instructions[pc] {
      case .match:
        return nil
      case .jump(let target):
        pending.append(target)
      case .split(let first, let second):
        pending.append(first)
        pending.append(second)
      case .assertion:
        pending.append(pc + 1)
      case .scalar(let first, let second):
        result.insert(first)
        result.insert(second)
      case .set(let index):
        let set = sets[index]
        guard !set.containsMultiScalarCharacters else { return nil }
        result.asciiLow |= set.asciiLow
        result.asciiHigh |= set.asciiHigh
        if !set.nonASCIIRanges.isEmpty { result.containsNonASCII = true }
      case .multiScalarCharacter(let scalars):
        // Under `(?i)` the expected scalars are lowercased and the input's compared
        // lowercased, so an input may begin with either case.
        let first = sequenceScalars[scalars.lowerBound]
        result.insert(first)
        if isCaseInsensitive, (0x61...0x7A).contains(first) { result.insert(first - 0x20) }
      }
    }
    return result
  }

  /// Reserves an instruction to patch once its targets are known. Targets always lie
  /// within the finished program, because `match` is appended after everything else.
  private mutating func placeholder() -> Int {
    instructions.append(.match)
    return instructions.count - 1
  }

  private mutating func index(of set: BoundedRegexScalarSet) -> Int {
    if let index = setIndices[set] { return index }
    var asciiLow: UInt64 = 0
    var asciiHigh: UInt64 = 0
    let start = setRanges.count
    for range in set.ranges {
      if range.lowerBound < 128 {
        for scalar in range.lowerBound...min(range.upperBound, 127) {
          if scalar < 64 {
            asciiLow |= 1 << UInt64(scalar)
          } else {
            asciiHigh |= 1 << UInt64(scalar - 64)
          }
        }
      }
      if range.upperBound >= 128 { setRanges.append(max(range.lowerBound, 128)...range.upperBound) }
    }
    sets.append(
      BoundedRegexProgram.CompiledSet(
        asciiLow: asciiLow, asciiHigh: asciiHigh, nonASCIIRanges: start..<setRanges.count,
        containsMultiScalarCharacters: set.containsMultiScalarCharacters))
    setIndices[set] = sets.count - 1
    return sets.count - 1
  }
}
