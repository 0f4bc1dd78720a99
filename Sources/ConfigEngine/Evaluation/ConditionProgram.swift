import Core
import Foundation

/// Every condition of a template flattened into one array of nodes, with shared tables of
/// tests, interned strings, compiled regexes and distinct percent seeds. Evaluation walks it
/// by index; nothing in it is parsed again at evaluation time.
final class ConditionProgram: Sendable {
  /// One node of a condition tree. Every payload is plain data (no strings, no arrays), so
  /// reading a node costs no reference counting on the hot path.
  enum Node: Sendable {
    case constant(Bool)
    /// Children are `children[range]`.
    case and(Range<Int>)
    case or(Range<Int>)
    /// A leaf: `tests[index]`.
    case test(Int)
    /// Always false, with the reason (an index into `strings`).
    case never(reason: Int)
  }

  /// What a leaf tests. Equal tests anywhere in the template share one entry, and one
  /// evaluation computes each entry at most once (regex searches too, unless the template's
  /// searches could exceed the evaluation's step budget: see `remembersSearches`), so a
  /// test that many conditions repeat, such as `device.os == 'ios'`, costs one comparison.
  enum Test: Sendable {
    case percent(seed: Int, range: PercentTest)
    /// Targets are `strings[range]` (trimmed for `.exactlyMatches`).
    case strings(SignalSlot, StringOperator, Range<Int>)
    /// Patterns are `regexes[range]`.
    case regex(SignalSlot, Range<Int>)
    case numeric(SignalSlot, ComparisonOperator, Double)
    case version(SignalSlot, ComparisonOperator, SemanticVersion)
    case audience(AudienceOperator, Range<Int>)
    /// The instant in seconds since 1970; its text for explanations is `strings[text]`.
    case time(SignalSlot, ComparisonOperator, instant: Double, text: Int)
  }

  /// A percent range in micro-percent (`PercentCondition.Range` without its unknown case).
  enum PercentTest: Sendable, Hashable {
    case atMost(Int)
    case above(Int)
    case between(lower: Int, upper: Int)
  }

  /// Where a node reads its value from. A custom signal is an index into `signalKeys` (each
  /// distinct key is looked up once per evaluation); a user property key is an index into
  /// `strings`.
  enum SignalSlot: Sendable, Hashable {
    case customSignal(Int)
    case userProperty(Int)
    case appID, appVersion, appBuild, platform, country, language, installationID
    case audiences, firstOpenTime, evaluationTime
  }

  /// The tables a `ConditionProgramBuilder` fills; the program freezes them.
  struct Tables {
    var nodes: [Node] = []
    var children: [Int] = []
    var tests: [Test] = []
    var strings: [String] = []
    var regexes: [BoundedRegex] = []
    var seeds: [String] = []
    var seedPrefixes: [UInt8] = []
    var seedPrefixRanges: [Range<Int>] = []
    var remembersSearches = true
    var signalKeys: [String] = []
    var roots: [Int] = []
    var names: [String] = []
  }

  let nodes: [Node]
  let children: [Int]
  let tests: [Test]
  let strings: [String]
  let regexes: [BoundedRegex]
  let seeds: [String]
  /// What percent conditions hash before the randomization id, per seed: the seed's UTF-8
  /// bytes and a dot (nothing for the empty seed), at `seedPrefixRanges[seed]`.
  let seedPrefixes: [UInt8]
  let seedPrefixRanges: [Range<Int>]
  /// Whether regex results are kept for the rest of an evaluation like every other test's.
  /// Only when the template's searches can never exceed the step budget they share
  /// (`BoundedRegex.maximumEvaluationCost`): otherwise each occurrence searches again and
  /// spends its steps, so a condition past the budget is false exactly as it always was.
  let remembersSearches: Bool
  /// The distinct custom-signal keys the conditions read.
  let signalKeys: [String]
  /// The root node of each named condition, in template order.
  let roots: [Int]
  /// Each named condition's name, in template order.
  let names: [String]

  /// Freezes a builder's tables. A class, so evaluation shares one program by reference
  /// instead of copying (and retaining) a dozen tables.
  init(_ tables: Tables) {
    nodes = tables.nodes
    children = tables.children
    tests = tables.tests
    strings = tables.strings
    regexes = tables.regexes
    seeds = tables.seeds
    seedPrefixes = tables.seedPrefixes
    seedPrefixRanges = tables.seedPrefixRanges
    remembersSearches = tables.remembersSearches
    signalKeys = tables.signalKeys
    roots = tables.roots
    names = tables.names
  }
}
