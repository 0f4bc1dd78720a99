/// Compiles a parsed pattern into `BoundedRegexProgram`'s tables: the compiler's working
/// state, used once per pattern by `BoundedRegexProgram.init(compiling:size:isCaseInsensitive:)`.
struct BoundedRegexProgramBuilder {
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
