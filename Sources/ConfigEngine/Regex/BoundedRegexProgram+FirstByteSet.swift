extension BoundedRegexProgram {
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
}

extension BoundedRegexProgramBuilder {
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
}
