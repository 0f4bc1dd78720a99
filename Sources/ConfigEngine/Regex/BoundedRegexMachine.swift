/// Runs a `BoundedRegexProgram` over an input without backtracking (a Pike VM).
///
/// All threads advance through the input together, one character at a time. At each
/// position every instruction is on the thread list at most once (a generation stamp per
/// instruction says whether it is already there), so a step costs at most one visit per
/// instruction and the whole search O(characters × instructions), whatever the pattern.
///
/// Every search counts its steps, one per instruction visit and one per input position, and
/// gives up before it would exceed the budget it is handed: the evaluator shares one budget
/// among all the searches of an evaluation (`BoundedRegex.maximumEvaluationCost`).
///
/// The machine reads the input's UTF-8 bytes directly. Character boundaries come from
/// Swift's grapheme breaking, with Swift's own shortcut taken first: two scalars of common
/// scripts (below U+0300, CJK, kana, Hangul, ...) never join into one character (CR LF
/// aside, which is split here anyway).
struct BoundedRegexMachine: ~Copyable {
  private let program: BoundedRegexProgram
  private let bytes: UnsafeBufferPointer<UInt8>
  /// The same text as `bytes`, for grapheme breaking beyond the shortcut.
  private let text: Substring
  /// `visited[pc] == generation` when `pc` is already on the list for this position.
  private let visited: UnsafeMutableBufferPointer<Int>
  /// Instructions waiting to be followed while building a position's list.
  private let pending: UnsafeMutableBufferPointer<Int>
  /// The consuming instructions alive at the current position.
  private let running: UnsafeMutableBufferPointer<Int>
  /// Where threads that consumed the current character continue at the next position.
  private let survivors: UnsafeMutableBufferPointer<Int>
  private var generation = 0
  private var pendingCount = 0
  private var runningCount = 0
  private var survivorCount = 0
  /// Steps taken so far: instruction visits plus positions.
  private(set) var steps = 0

  /// Runs `body` with a machine whose thread lists live in one allocation sized by the
  /// program: on the stack when small enough, otherwise one heap block for the search.
  static func withMachine<Result>(
    program: BoundedRegexProgram, bytes: UnsafeBufferPointer<UInt8>, text: Substring,
    _ body: (inout BoundedRegexMachine) -> Result
  ) -> Result {
    let count = program.instructions.count
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 4 * count) { storage in
      storage.initialize(repeating: 0)
      var machine = BoundedRegexMachine(
        program: program, bytes: bytes, text: text,
        visited: UnsafeMutableBufferPointer(rebasing: storage[0..<count]),
        pending: UnsafeMutableBufferPointer(rebasing: storage[count..<2 * count]),
        running: UnsafeMutableBufferPointer(rebasing: storage[2 * count..<3 * count]),
        survivors: UnsafeMutableBufferPointer(rebasing: storage[3 * count..<4 * count]))
      return body(&machine)
    }
  }

  private init(
    program: BoundedRegexProgram, bytes: UnsafeBufferPointer<UInt8>, text: Substring,
    visited: UnsafeMutableBufferPointer<Int>, pending: UnsafeMutableBufferPointer<Int>,
    running: UnsafeMutableBufferPointer<Int>, survivors: UnsafeMutableBufferPointer<Int>
  ) {
    self.program = program
    self.bytes = bytes
    self.text = text
    self.visited = visited
    self.pending = pending
    self.running = running
    self.survivors = survivors
  }

  /// Whether the program matches anywhere in the input (an unanchored search), or nil when
  /// the search would need more than `budget` steps. It stops before a position whose worst
  /// case (one visit per instruction, plus the position) no longer fits, so `steps` never
  /// exceeds `budget`.
  mutating func matches(budget: Int) -> Bool? {
    var offset = 0
    var previousIsWord = false
    var isAtStart = true
    survivorCount = 0
    let positionCost = program.instructions.count + 1
    while true {
      guard positionCost <= budget - steps else { return nil }
      steps += 1
      let current = offset < bytes.count ? character(at: offset) : nil
      let context = PositionContext(
        isAtStart: isAtStart, isAtEnd: current == nil, previousIsWord: previousIsWord,
        currentIsWord: current?.character.isWordCharacter ?? false)
      generation += 1
      runningCount = 0
      for index in 0..<survivorCount where follow(from: survivors[index], context) {
        return true
      }
      // A new attempt starts at every position, unless matches can only start at 0.
      if isAtStart || !program.isAnchoredAtStart, follow(from: 0, context) { return true }
      guard let current else { return false }
      if runningCount == 0, program.isAnchoredAtStart { return false }
      survivorCount = 0
      for index in 0..<runningCount {
        let pc = running[index]
        if consumes(program.instructions[pc], current.character) {
          survivors[survivorCount] = pc + 1
          survivorCount += 1
        }
      }
      previousIsWord = current.character.isWordCharacter
      isAtStart = false
      offset = current.next
    }
  }

  /// Adds `start` and every instruction reachable from it without consuming input to the
  /// current list; true when that reaches `match`.
  private mutating func follow(from start: Int, _ context: PositionContext) -> Bool {
    push(start)
    while pendingCount > 0 {
      pendingCount -= 1
      let pc = pending[pendingCount]
      switch program.instructions[pc] {
      case .match:
        pendingCount = 0
        return true
      case .jump(let target):
        push(target)
      case .split(let first, let second):
        push(second)
        push(first)
      case .assertion(let assertion):
        if context.holds(assertion) { push(pc + 1) }
      case .scalar, .multiScalarCharacter, .set:
        running[runningCount] = pc
        runningCount += 1
      }
    }
    return false
  }

  /// Queues `pc` unless it is already on this position's list, so no list ever holds more
  /// entries than the program has instructions.
  private mutating func push(_ pc: Int) {
    guard visited[pc] != generation else { return }
    visited[pc] = generation
    steps += 1
    pending[pendingCount] = pc
    pendingCount += 1
  }

  private func consumes(
    _ instruction: BoundedRegexProgram.Instruction, _ character: InputCharacter
  ) -> Bool {
    switch (instruction, character) {
    case (.scalar(let first, let second), .scalar(let value)):
      return value == first || value == second
    case (.set(let index), .scalar(let value)):
      return program.set(index, contains: value)
    case (.set(let index), .multiScalar):
      return program.sets[index].containsMultiScalarCharacters
    case (.multiScalarCharacter(let expected), .multiScalar(let actual)):
      return scalars(in: actual, equal: expected)
    case (.scalar, .multiScalar), (.multiScalarCharacter, .scalar),
      (.split, _), (.jump, _), (.assertion, _), (.match, _):
      return false
    }
  }

  /// Whether the input's scalars at byte offsets `actual` are `sequenceScalars[expected]`.
  private func scalars(in actual: Range<Int>, equal expected: Range<Int>) -> Bool {
    var offset = actual.lowerBound
    var position = expected.lowerBound
    while offset < actual.upperBound {
      guard position < expected.upperBound else { return false }
      let (scalar, length) = decodeScalar(at: offset)
      let value =
        program.isCaseInsensitive ? BoundedRegexParser.lowercasedASCII(scalar) : scalar
      guard value == program.sequenceScalars[position] else { return false }
      offset += length
      position += 1
    }
    return position == expected.upperBound
  }

  /// The character at byte `offset` and the offset of the next one.
  ///
  /// A character is an extended grapheme cluster, except that CR LF counts as two
  /// characters, as in JavaScript, so `\r\n`, `\s+$` and `.` (which stops at `\n`) treat
  /// Windows line endings the way template authors expect.
  private func character(at offset: Int) -> (character: InputCharacter, next: Int) {
    let (first, length) = decodeScalar(at: offset)
    let afterFirst = offset + length
    // CR and LF never join another scalar, except CR LF, which is split here.
    guard afterFirst < bytes.count, first != 0x0D, first != 0x0A else {
      return (.scalar(first), afterFirst)
    }
    if Self.neverJoins(first), Self.neverJoins(decodeScalar(at: afterFirst).value) {
      return (.scalar(first), afterFirst)
    }
    let utf8 = text.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: offset)
    let next = utf8.distance(from: utf8.startIndex, to: text.index(after: start))
    return next == afterFirst ? (.scalar(first), next) : (.multiScalar(offset..<next), next)
  }

  /// Whether a scalar is in a range where Swift's grapheme breaking (and Unicode's) always
  /// breaks between two such scalars: Swift's own shortcut, mirrored so that Latin, CJK,
  /// kana, Hangul and Cyrillic text rarely needs the full algorithm. CR (which joins LF) is
  /// handled before this is asked.
  private static func neverJoins(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x0000...0x02FF, 0x0400...0x0482, 0x061D...0x064A, 0x2010...0x2029,
      0x3000...0x3029, 0x3041...0x3096, 0x30A1...0x30FC, 0x3400...0xA4CF, 0xAC00...0xD7AF,
      0xFF01...0xFF9D:
      true
    default:
      false
    }
  }

  /// Decodes the scalar whose UTF-8 encoding starts at `offset` (Swift strings are valid
  /// UTF-8, so the continuation bytes are there).
  private func decodeScalar(at offset: Int) -> (value: UInt32, length: Int) {
    let lead = UInt32(bytes[offset])
    if lead < 0x80 { return (lead, 1) }
    if lead < 0xE0 {
      return ((lead & 0x1F) << 6 | continuation(offset + 1), 2)
    }
    if lead < 0xF0 {
      return ((lead & 0x0F) << 12 | continuation(offset + 1) << 6 | continuation(offset + 2), 3)
    }
    return (
      (lead & 0x07) << 18 | continuation(offset + 1) << 12 | continuation(offset + 2) << 6
        | continuation(offset + 3), 4
    )
  }

  private func continuation(_ offset: Int) -> UInt32 {
    UInt32(bytes[offset] & 0x3F)
  }
}

/// One input character as the machine sees it.
private enum InputCharacter {
  /// A character of one Unicode scalar.
  case scalar(UInt32)
  /// A character of several scalars, at these UTF-8 byte offsets.
  case multiScalar(Range<Int>)

  /// Whether `\w` matches it, for `\b` and `\B`.
  var isWordCharacter: Bool {
    guard case .scalar(let value) = self else { return false }
    switch value {
    case 0x30...0x39, 0x41...0x5A, 0x5F, 0x61...0x7A: return true
    default: return false
    }
  }
}

/// What the zero-width assertions can see at a position.
private struct PositionContext {
  let isAtStart: Bool
  let isAtEnd: Bool
  let previousIsWord: Bool
  let currentIsWord: Bool

  func holds(_ assertion: BoundedRegexAssertion) -> Bool {
    switch assertion {
    case .startOfInput: isAtStart
    case .endOfInput: isAtEnd
    case .wordBoundary: previousIsWord != currentIsWord
    case .notWordBoundary: previousIsWord == currentIsWord
    }
  }
}
