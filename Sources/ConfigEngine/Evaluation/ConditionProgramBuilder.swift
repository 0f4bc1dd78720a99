import Core
import Foundation

/// Builds a `ConditionProgram` from conditions, interning strings and seeds and compiling
/// targets once; what cannot be compiled becomes a `.never` node and a problem.
struct ConditionProgramBuilder {
  private var tables = ConditionProgram.Tables()

  /// The program built so far.
  var program: ConditionProgram {
    var tables = tables
    tables.remembersSearches = totalRegexCost <= BoundedRegex.maximumEvaluationCost
    return ConditionProgram(tables)
  }
  /// The targets that cannot be compiled or are ignored, then the template's regex cost
  /// when it exceeds the evaluation budget.
  var problems: [TemplateProblem] { targetProblems + regexCostProblems }
  private var targetProblems: [TemplateProblem] = []
  /// Each condition's worst-case regex steps, in template order (0 for most).
  private var regexCosts: [Int] = []
  /// The sum of `regexCosts` so far. Past the evaluation budget the template is in error;
  /// past `regexCompilationLimit` further regex targets are not even compiled, so what a
  /// template can make us build stays bounded however many patterns it lists.
  private var totalRegexCost = 0
  /// Four evaluation budgets: searches that far past the budget run only when the conditions
  /// before them were skipped (an `and` whose earlier part is false), so a template in error
  /// still evaluates as written up to there. A search costs at least 500 steps per
  /// instruction, so this compiles about 4 × 10^5 instructions (some 10 MB) at most.
  static let regexCompilationLimit = 4 * BoundedRegex.maximumEvaluationCost
  /// Regex targets left uncompiled because the budget was already spent.
  private var uncompiledRegexTargets = 0
  /// Programs by pattern (its UTF-8 bytes: `String` equality would take canonically
  /// equivalent patterns, which compile differently, for one), so a pattern listed many
  /// times is compiled once.
  private var regexByPattern: [[UInt8]: BoundedRegex] = [:]
  /// Tests by what they test, so equal tests share one entry.
  private var testIndex: [TestKey: Int] = [:]
  private var stringIndex: [String: Int] = [:]
  /// Seeds by their UTF-8 bytes, which is what is hashed (equal `String`s may differ in them).
  private var seedIndex: [[UInt8]: Int] = [:]
  private var signalKeyIndex: [String: Int] = [:]
  private var currentCondition = ""

  mutating func addNamedCondition(_ named: NamedCondition) {
    currentCondition = named.name
    regexCosts.append(0)
    tables.names.append(named.name)
    tables.roots.append(add(named.condition))
  }

  /// An error when the template's searches, at their worst, need more steps than one
  /// evaluation may take: each regex node runs at most once per evaluation, and each of
  /// its targets at most `worstCaseSearchCost` steps.
  private var regexCostProblems: [TemplateProblem] {
    let budget = BoundedRegex.maximumEvaluationCost
    guard totalRegexCost > budget,
      let costliest = regexCosts.indices.max(by: { regexCosts[$0] < regexCosts[$1] })
    else { return [] }
    let uncompiled =
      uncompiledRegexTargets == 0
      ? ""
      : "; \(uncompiledRegexTargets) more regex targets past it were not compiled and never match"
    return [
      TemplateProblem(
        .error, at: "conditions",
        "regex targets could take \(totalRegexCost) steps in one evaluation, over the budget of "
          + "\(budget) (costliest: condition \(Excerpt.quoted(tables.names[costliest])), "
          + "\(regexCosts[costliest]) steps); with long values, conditions that reach a regex "
          + "past the budget are false\(uncompiled). Use fewer or smaller patterns")
    ]
  }

  private mutating func intern(_ text: String) -> Int {
    if let index = stringIndex[text] { return index }
    tables.strings.append(text)
    stringIndex[text] = tables.strings.count - 1
    return tables.strings.count - 1
  }

  private mutating func signalKey(_ key: String) -> Int {
    if let index = signalKeyIndex[key] { return index }
    tables.signalKeys.append(key)
    signalKeyIndex[key] = tables.signalKeys.count - 1
    return tables.signalKeys.count - 1
  }

  private mutating func internRange(_ texts: [String]) -> Range<Int> {
    // Ranges need contiguous entries, so a list is appended whole (its strings are still
    // shared storage with any equal string already in the table).
    let start = tables.strings.count
    tables.strings.append(contentsOf: texts)
    return start..<tables.strings.count
  }

  /// A node that is always false. `problem` records an error for `diagnostics`; kinds the
  /// reader already reported (unknown kinds, missing targets) pass false.
  private mutating func never(_ reason: String, problem: Bool) -> ConditionProgram.Node {
    if problem {
      report(.error, reason + "; the condition is false wherever it is reached")
    }
    return .never(reason: intern(reason))
  }

  private mutating func report(_ severity: TemplateProblem.Severity, _ message: String) {
    targetProblems.append(
      TemplateProblem(severity, at: "condition \(Excerpt.quoted(currentCondition))", message))
  }

  /// The node for `test`, which shares its entry with every equal test before it.
  private mutating func test(_ test: ConditionProgram.Test, key: TestKey) -> ConditionProgram.Node {
    if let index = testIndex[key] { return .test(index) }
    tables.tests.append(test)
    testIndex[key] = tables.tests.count - 1
    return .test(tables.tests.count - 1)
  }

  private mutating func append(_ node: ConditionProgram.Node) -> Int {
    tables.nodes.append(node)
    return tables.nodes.count - 1
  }

  private mutating func add(_ condition: Condition) -> Int {
    switch condition {
    case .constant(let value):
      return append(.constant(value))
    case .and(let members), .or(let members):
      let childIndices = members.map { add($0) }
      let start = tables.children.count
      tables.children.append(contentsOf: childIndices)
      let range = start..<tables.children.count
      if case .and = condition { return append(.and(range)) }
      return append(.or(range))
    case .percent(let percent):
      let seed = seedIndex[Array(percent.seed.utf8)] ?? addSeed(percent.seed)
      let range: ConditionProgram.PercentTest
      switch percent.range {
      case .atMost(let bound): range = .atMost(bound)
      case .above(let bound): range = .above(bound)
      case .between(let lower, let upper): range = .between(lower: lower, upper: upper)
      case .unknown(let name):
        return append(
          never(
            UnknownConditionElement.reason(UnknownConditionElement.percentOperator(name)),
            problem: false))
      }
      return append(
        test(.percent(seed: seed, range: range), key: .percent(seed: seed, range: range)))
    case .signal(let signalCondition):
      return append(compile(signalCondition))
    case .unknown(let reason):
      return append(never(reason, problem: false))
    }
  }

  /// Adds a distinct seed with the bytes percent conditions hash before the id.
  private mutating func addSeed(_ seed: String) -> Int {
    let start = tables.seedPrefixes.count
    if !seed.isEmpty {
      tables.seedPrefixes.append(contentsOf: seed.utf8)
      tables.seedPrefixes.append(UInt8(ascii: "."))
    }
    tables.seedPrefixRanges.append(start..<tables.seedPrefixes.count)
    tables.seeds.append(seed)
    seedIndex[Array(seed.utf8)] = tables.seeds.count - 1
    return tables.seeds.count - 1
  }

  private mutating func slot(_ signal: Signal) -> ConditionProgram.SignalSlot {
    switch signal {
    case .customSignal(let key): .customSignal(signalKey(key))
    case .userProperty(let key): .userProperty(intern(key))
    case .appID: .appID
    case .appVersion: .appVersion
    case .appBuild: .appBuild
    case .platform: .platform
    case .country: .country
    case .language: .language
    case .installationID: .installationID
    case .audiences: .audiences
    case .firstOpenTime: .firstOpenTime
    case .evaluationTime: .evaluationTime
    }
  }

  private mutating func warnIfSeveral(_ targets: [String], of signal: Signal, kind: String) {
    guard targets.count > 1 else { return }
    report(
      .warning,
      "\(kind) comparison of \(signal) uses only its first target; \(targets.count - 1) more ignored"
    )
  }

  private mutating func compile(_ condition: SignalCondition) -> ConditionProgram.Node {
    let signal = condition.signal
    switch condition.test {
    case .string(_, let targets) where targets.isEmpty,
      .numeric(_, let targets) where targets.isEmpty,
      .version(_, let targets) where targets.isEmpty,
      .audience(_, let targets) where targets.isEmpty:
      return never("\(signal) has no target values", problem: false)
    case .string(.containsRegex, let patterns):
      var compiled: [BoundedRegex] = []
      for pattern in patterns {
        guard totalRegexCost <= Self.regexCompilationLimit else {
          uncompiledRegexTargets += 1
          continue
        }
        do {
          let bytes = Array(pattern.utf8)
          let regex = try regexByPattern[bytes] ?? BoundedRegex(pattern)
          regexByPattern[bytes] = regex
          compiled.append(regex)
          regexCosts[regexCosts.count - 1] += regex.worstCaseSearchCost
          totalRegexCost += regex.worstCaseSearchCost
        } catch {
          report(.error, "\(error); that target never matches")
        }
      }
      guard !compiled.isEmpty else {
        return never("\(signal) has no valid regex targets", problem: false)
      }
      let slot = slot(signal)
      let key = TestKey.regex(slot, compiled.map { Array($0.pattern.utf8) })
      if let index = testIndex[key] { return .test(index) }
      let start = tables.regexes.count
      tables.regexes.append(contentsOf: compiled)
      return test(.regex(slot, start..<tables.regexes.count), key: key)
    case .string(let op, let targets):
      let stored =
        op == .exactlyMatches ? targets.map { String(ConfigValueParser.trimmed($0)) } : targets
      let slot = slot(signal)
      let key = TestKey.strings(slot, op, stored.map { Array($0.utf8) })
      if let index = testIndex[key] { return .test(index) }
      return test(.strings(slot, op, internRange(stored)), key: key)
    case .numeric(let op, let targets):
      warnIfSeveral(targets, of: signal, kind: "numeric")
      guard let target = ConfigValueParser.number(targets[0]) else {
        return never(
          "numeric target \(Excerpt.quoted(targets[0])) of \(signal) is not a number", problem: true
        )
      }
      let slot = slot(signal)
      return test(
        .numeric(slot, op, target), key: .numeric(slot, op, target: target.bitPattern))
    case .version(let op, let targets):
      warnIfSeveral(targets, of: signal, kind: "version")
      guard let target = SemanticVersion(ConfigValueParser.trimmed(targets[0])) else {
        return never(
          "version target \(Excerpt.quoted(targets[0])) of \(signal) is not a valid version",
          problem: true)
      }
      let slot = slot(signal)
      return test(.version(slot, op, target), key: .version(slot, op, target: target.description))
    case .audience(let op, let targets):
      let key = TestKey.audience(op, targets.map { Array($0.utf8) })
      if let index = testIndex[key] { return .test(index) }
      return test(.audience(op, internRange(targets)), key: key)
    case .time(let op, let target):
      let text =
        "\(Excerpt.of(target.text)) \(Excerpt.of(target.zone ?? "GMT"))"
        + " (\(Timestamp.format(target.instant)))"
      let slot = slot(signal)
      let instant = target.instant.timeIntervalSince1970
      let textIndex = intern(text)
      return test(
        .time(slot, op, instant: instant, text: textIndex),
        key: .time(slot, op, instant: instant.bitPattern, text: textIndex))
    }
  }
}

/// What makes two tests equal: the same signal, operator and targets, byte for byte (two
/// targets that are equal as Swift strings can differ in their UTF-8 bytes, which is what
/// comparisons read), numbers to the bit and versions as written (explanations print them).
private enum TestKey: Hashable {
  case percent(seed: Int, range: ConditionProgram.PercentTest)
  case strings(ConditionProgram.SignalSlot, StringOperator, [[UInt8]])
  case regex(ConditionProgram.SignalSlot, [[UInt8]])
  case numeric(ConditionProgram.SignalSlot, ComparisonOperator, target: UInt64)
  case version(ConditionProgram.SignalSlot, ComparisonOperator, target: String)
  case audience(AudienceOperator, [[UInt8]])
  case time(ConditionProgram.SignalSlot, ComparisonOperator, instant: UInt64, text: Int)
}
