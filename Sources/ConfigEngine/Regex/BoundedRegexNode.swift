/// A parsed pattern, before compilation into a `BoundedRegexProgram`.
///
/// Groups leave no trace (every group is a plain group: the matcher answers yes or no and
/// captures nothing), and lazy quantifiers are plain repetitions (laziness changes which
/// match is reported, never whether there is one).
indirect enum BoundedRegexNode: Sendable {
  /// Matches the empty string: an empty pattern, branch or group.
  case empty
  /// One single-scalar character equal to either value (the two differ only for an ASCII
  /// letter under `(?i)`).
  case scalar(UInt32, UInt32)
  /// One multi-scalar character with exactly these scalars (ASCII letters lowercased under
  /// `(?i)`).
  case multiScalarCharacter([UInt32])
  /// One character of a set: a class, a class escape or `.`.
  case set(BoundedRegexScalarSet)
  /// A zero-width test.
  case assertion(BoundedRegexAssertion)
  /// The nodes one after another.
  case concatenation([BoundedRegexNode])
  /// Any one of the nodes.
  case alternation([BoundedRegexNode])
  /// The node repeated `minimum` times or more, up to `maximum` (nil: unbounded).
  case repetition(BoundedRegexNode, minimum: Int, maximum: Int?)

  /// Whether every match must start at the beginning of the input, so the matcher can stop
  /// as soon as no thread survives instead of retrying at every later position.
  var isAnchoredAtStart: Bool {
    switch self {
    case .assertion(.startOfInput): true
    case .concatenation(let nodes): nodes.first?.isAnchoredAtStart ?? false
    case .alternation(let nodes): !nodes.isEmpty && nodes.allSatisfy(\.isAnchoredAtStart)
    case .repetition(let node, let minimum, _): minimum > 0 && node.isAnchoredAtStart
    case .empty, .scalar, .multiScalarCharacter, .set, .assertion: false
    }
  }
}

/// The zero-width tests of the syntax.
enum BoundedRegexAssertion: Sendable, Hashable {
  /// `^`: the start of the input (there is no multiline mode).
  case startOfInput
  /// `$`: the end of the input.
  case endOfInput
  /// `\b`: between a word character (`\w`) and a non-word character or an input edge.
  case wordBoundary
  /// `\B`: anywhere `\b` does not hold.
  case notWordBoundary
}
