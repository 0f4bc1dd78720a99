@testable import ConfigEngine
import Core
import Testing

/// The first-byte prefilter settles a search without running the machine when no byte of
/// the input can begin the pattern's first character; it must never rule out a match.
@Suite("Regex first-byte prefilter")
struct BoundedRegexPrefilterTests {
  @Test(
    "an input none of whose bytes can begin the pattern is ruled out; any other is searched",
    arguments: [
      ("^J[PA]$", "US", false), ("^J[PA]$", "JP", true), ("^J[PA]$", "xJP", false),
      ("U[SK]", "JP", false), ("U[SK]", "aUK", true), ("(?i)abc", "xxABC", true),
      ("(?i)abc", "xyz", false), ("\\d+", "v2", true), ("\\d+", "vv", false),
      ("caf\u{E9}", "xyz", false), ("\u{E9}", "caf\u{E9}", true),
      // May match without consuming anything: every input is searched.
      ("a*", "", true), ("^", "zzz", true), ("\\b", "", true),
      // The first character may have several scalars beginning with any byte.
      ("[^a]", "a", true), (".", "a", true),
      // A multi-scalar literal begins with its first scalar, in either case under (?i).
      ("e\u{301}", "xe\u{301}", true), ("e\u{301}", "xyz", false),
      ("(?i)e\u{301}", "E\u{301}", true),
    ])
  func table(pattern: String, input: String, searched: Bool) throws {
    let regex = try BoundedRegex(pattern)
    #expect(regex.mayMatch(in: input) == searched, "\(pattern) on \(input)")
    if !searched { #expect(!regex.matches(in: input)) }
  }

  @Test("across random patterns and values, what the prefilter rules out never matches")
  func neverRulesOutAMatch() throws {
    var random = SeededRandomGenerator(seed: 0x5052_4546)
    var ruledOut = 0
    var pairs = 0
    while pairs < 3_000 {
      guard let regex = try? BoundedRegex(RegexCorpus.pattern(&random)) else { continue }
      for _ in 0..<5 {
        let value = RegexCorpus.value(&random, maximumLength: 30)
        pairs += 1
        if !regex.mayMatch(in: value) {
          ruledOut += 1
          #expect(!regex.matches(in: value), "\(regex.pattern) on \(value.debugDescription)")
        }
      }
    }
    // The property is about something: a fair share of the pairs is ruled out.
    #expect(ruledOut > 300)
  }
}
