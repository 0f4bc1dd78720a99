/// A regular expression from a template (`STRING_CONTAINS_REGEX`, `.matches([...])`),
/// matched in bounded time: no pattern and no input can make evaluation hang.
///
/// The bound: the pattern is compiled once into a Thompson NFA of at most
/// `maximumProgramSize` instructions (after expanding `{m,n}`), which a Pike VM simulates
/// without backtracking. A search visits each instruction at most once per input
/// character: O(n × m) time and O(m) memory for n characters and m instructions, so
/// `(a+)+$` or `(a|aa)*b` cost no more than any other pattern of their size. Patterns are
/// capped at `maximumPatternLength` characters, inputs at `inputLengthLimit` characters
/// (`maximumInputLength`, lowered for large programs so that n × m never exceeds
/// `maximumSearchCost`); a longer input does not match. Every search is thus at most 10^7
/// instruction visits, whatever the pattern and the input.
///
/// One evaluation of a template may run many searches (a condition can list a hundred
/// patterns), so the evaluator also bounds their total: all the searches of one evaluation
/// share a budget of `maximumEvaluationCost` steps (an instruction visit or an input
/// position each), and a condition whose search would exceed what is left is false, with a
/// reason in its explanation. `TemplateValidator` reports an error for a template whose
/// searches could need more than that, counting each target's `worstCaseSearchCost`.
///
/// Syntax, the common subset of JavaScript and RE2 that templates use: literals; `.` (any
/// character but `\n`); classes `[abc]`, `[a-z]`, `[^...]` with escapes; `\d \D \w \W \s
/// \S \b \B \t \n \r \f \v \0`, `\xHH`, `\uHHHH`, `\u{H...}` and escaped punctuation;
/// `^` and `$` (start and end of the input); groups `( )`, `(?: )`, `(?<name> )`; `|`;
/// `* + ? {n} {n,} {n,m}` and their lazy forms; a leading `(?i)` for ASCII case-insensitive
/// matching. Anything else — backreferences, lookaround, possessive quantifiers, unknown
/// escapes, an unescaped `{` that does not start a repetition — is a `RegexSyntaxError`.
///
/// The unit of matching is the Swift `Character`, so `.` matches 👍, 👨‍👩‍👧 or 🇯🇵 whole,
/// except that CR LF counts as two characters, as in JavaScript. Classes and escapes test
/// a character's single Unicode scalar; a character of several scalars matches only `.`,
/// a negated class or escape (`[^a]`, `\D`), or the identical literal (the same scalars:
/// an escape such as `\u0301` is one scalar on its own, so write such characters
/// literally).
struct BoundedRegex: Sendable, Hashable {
  /// The longest pattern accepted, in characters.
  static let maximumPatternLength = 1_000
  /// The most instructions a compiled pattern may have, counting every copy that `{m,n}`
  /// expands to.
  static let maximumProgramSize = 20_000
  /// The longest input searched, in characters; longer inputs do not match.
  static let maximumInputLength = 100_000
  /// The most instruction visits one search may need: program size × input characters.
  /// A large program therefore searches shorter inputs (see `inputLengthLimit`): 10,000
  /// characters for 1,000 instructions, 500 for 20,000.
  static let maximumSearchCost = 10_000_000
  /// The most steps all the searches of one template evaluation may take together (an
  /// instruction visit or an input position each): about five of the costliest searches,
  /// a fraction of a second. Past it, the remaining regex conditions of the evaluation are
  /// false.
  static let maximumEvaluationCost = 50_000_000

  /// The pattern as given.
  let pattern: String
  /// The compiled program, shared by reference among copies.
  let program: BoundedRegexProgram

  /// Compiles a pattern.
  /// - Throws: `RegexSyntaxError` naming the column of the first problem: a syntax error,
  ///   an unsupported construct, a repetition count over 1,000 or bounds out of order, or a
  ///   pattern or program over its limit.
  init(_ pattern: String) throws(RegexSyntaxError) {
    var parser = try BoundedRegexParser(pattern: pattern)
    let parsed = try parser.parse()
    self.pattern = pattern
    program = BoundedRegexProgram(
      compiling: parsed.node, size: parsed.size, isCaseInsensitive: parser.isCaseInsensitive)
  }

  /// Unanchored search: does the pattern match anywhere in `text`?
  ///
  /// Inputs longer than `maximumInputLength` characters do not match, whatever the
  /// pattern; the evaluator explains that in its diagnostics.
  func matches(in text: some StringProtocol) -> Bool {
    var budget = Int.max
    if let string = text as? String { return search(string[...], budget: &budget) == true }
    if let substring = text as? Substring { return search(substring, budget: &budget) == true }
    return search(String(text)[...], budget: &budget) == true
  }

  /// Whether a search of `text` could match, from its bytes alone (see
  /// `BoundedRegexProgram.firstBytes`): false means it cannot; true means search. Takes no
  /// steps, so callers that count steps against a budget may only skip searches this way
  /// when the budget cannot run out.
  func mayMatch(in text: String) -> Bool {
    text.utf8.withContiguousStorageIfAvailable(program.mayStart) ?? true
  }

  /// The longest input this regex searches, in characters: `maximumInputLength`, or less
  /// for a large program, so that instructions × characters stays within
  /// `maximumSearchCost`. Longer inputs do not match.
  var inputLengthLimit: Int {
    min(Self.maximumInputLength, Self.maximumSearchCost / program.instructions.count)
  }

  /// The most steps one search can take, whatever the input: (instructions + 2) ×
  /// (`inputLengthLimit` + 1). A search visits each instruction at most once per position,
  /// takes one step per position, and may first count up to `inputLengthLimit` + 1
  /// characters to find that a long input is over the limit.
  var worstCaseSearchCost: Int {
    (program.instructions.count + 2) * (inputLengthLimit + 1)
  }

  /// A search that spends at most `budget` steps and subtracts the steps it took: true or
  /// false, or nil when the budget ran out first (the steps taken are still subtracted).
  func search(_ text: Substring, budget: inout Int) -> Bool? {
    let limit = inputLengthLimit
    // UTF-8 length bounds the character count, so only long inputs need counting.
    if text.utf8.count > limit {
      guard budget > limit else { return nil }
      var count = 0
      var position = text.startIndex
      while position < text.endIndex {
        count += 1
        if count > limit { break }
        position = text.index(after: position)
      }
      budget -= count
      if count > limit { return false }
    }
    let allowed = budget
    func run(_ bytes: UnsafeBufferPointer<UInt8>) -> (Bool?, steps: Int) {
      BoundedRegexMachine.withMachine(program: program, bytes: bytes, text: text) { machine in
        (machine.matches(budget: allowed), machine.steps)
      }
    }
    // A whole string reads its bytes through String's own view, which (unlike a slice's)
    // hands out its storage without copying or retaining: the evaluator's common case.
    let base = text.base
    let isWhole = text.startIndex == base.startIndex && text.endIndex == base.endIndex
    let outcome =
      isWhole
      ? base.utf8.withContiguousStorageIfAvailable(run)
      : text.utf8.withContiguousStorageIfAvailable(run)
    if let outcome {
      budget -= outcome.steps
      return outcome.0
    }
    // Not stored as contiguous UTF-8 (a bridged string): search a native copy.
    var copy = String(text)
    copy.makeContiguousUTF8()
    return search(copy[...], budget: &budget)
  }

  /// Regexes are equal when their patterns have the same Unicode scalars. (Not `String`
  /// equality: canonically equivalent patterns such as precomposed and decomposed `é`
  /// compile to different programs.)
  static func == (lhs: BoundedRegex, rhs: BoundedRegex) -> Bool {
    lhs.pattern.unicodeScalars.elementsEqual(rhs.pattern.unicodeScalars)
  }

  /// Hashes the pattern's Unicode scalars, consistently with `==`.
  func hash(into hasher: inout Hasher) {
    for scalar in pattern.unicodeScalars { hasher.combine(scalar.value) }
    hasher.combine(pattern.unicodeScalars.count)
  }
}
