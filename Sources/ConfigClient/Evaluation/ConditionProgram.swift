import Core
import Foundation

/// Every condition of a template flattened into one array of nodes, with shared tables of
/// interned strings, compiled regexes and distinct percent seeds. Evaluation walks it by
/// index; nothing in it is parsed again at evaluation time.
final class ConditionProgram: Sendable {
  /// One node of a condition tree. Every payload is plain data (no strings, no arrays), so
  /// reading a node costs no reference counting on the hot path.
  enum Node: Sendable {
    case constant(Bool)
    /// Children are `children[range]`.
    case and(Range<Int>)
    case or(Range<Int>)
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
    /// Always false, with the reason (an index into `strings`).
    case never(reason: Int)
  }

  /// A percent range in micro-percent (`PercentCondition.Range` without its unknown case).
  enum PercentTest: Sendable {
    case atMost(Int)
    case above(Int)
    case between(lower: Int, upper: Int)
  }

  /// Where a node reads its value from. A custom signal is an index into `signalKeys` (each
  /// distinct key is looked up once per evaluation); a user property key is an index into
  /// `strings`.
  enum SignalSlot: Sendable {
    case customSignal(Int)
    case userProperty(Int)
    case appID, appVersion, appBuild, platform, country, language, installationID
    case audiences, firstOpenTime, evaluationTime
  }

  /// The tables a `ConditionProgramBuilder` fills; the program freezes them.
  struct Tables {
    var nodes: [Node] = []
    var children: [Int] = []
    var strings: [String] = []
    var regexes: [BoundedRegex] = []
    var seeds: [String] = []
    var signalKeys: [String] = []
    var roots: [Int] = []
    var names: [String] = []
  }

  let nodes: [Node]
  let children: [Int]
  let strings: [String]
  let regexes: [BoundedRegex]
  let seeds: [String]
  /// The distinct custom-signal keys the conditions read.
  let signalKeys: [String]
  /// The root node of each named condition, in template order.
  let roots: [Int]
  /// Each named condition's name, in template order.
  let names: [String]

  /// Freezes a builder's tables. A class, so evaluation shares one program by reference
  /// instead of copying (and retaining) eight tables.
  init(_ tables: Tables) {
    nodes = tables.nodes
    children = tables.children
    strings = tables.strings
    regexes = tables.regexes
    seeds = tables.seeds
    signalKeys = tables.signalKeys
    roots = tables.roots
    names = tables.names
  }
}
