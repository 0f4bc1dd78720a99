import Core
import SwitchyardTestSupport

/// Regex patterns and the signal values they are searched in: the worst cases of
/// backtracking engines, the constructs `BoundedRegex` refuses, and random compositions.
enum RegexCorpus {
  /// Patterns known to be slow elsewhere, or to be refused here, or to sit at a limit.
  static let patterns = [
    "^2\\.\\d+$", "(a+)+$", "(a|aa)*b", "(a*)*b", "(.*a){12}", "(x+x+)+y", "^(\\w+\\s?)*$",
    "(?i)ABC", "\\bword\\b", "[^\\d\\s]+", "a{1000}", "a{1001}", "a{2,1}", "(a{1000}){1000}",
    "((((((((((a))))))))))", "(?=x)", "(?<!x)", "\\1", "a++", "[", "(", ")", "a{", "\\",
    "[z-a]", "\\u{1F600}", "\\u{110000}", "\\xZZ", ".*.*.*=.*", "é|e\u{301}", "👨‍👩‍👧‍👦+",
    "^$", "$^", "", "|", "a|", "(?<n>a)\\k<n>",
    String(repeating: "(", count: 101) + "a"
      + String(repeating: ")", count: 101),
    String(repeating: "a?", count: 500)
      + String(repeating: "a", count: 500),
  ]

  /// Atoms a random pattern is built from.
  static let atoms = [
    "a", "b", "x", ".", "\\d", "\\w", "\\s", "\\b", "[ab]", "[^a]", "[a-z]", "(a)", "(?:ab)",
    "(a|b)", "^", "$", "é", "\u{301}", "👍", "\\.", "\\u0041", "\\x41", "[\\d-z]", "(?<g>x)",
  ]

  /// Quantifiers a random pattern puts after an atom.
  static let quantifiers = [
    "", "", "", "*", "+", "?", "*?", "+?", "{2}", "{0,3}", "{3,}", "{1000}", "{2,1}", "{",
  ]

  /// A pattern: a known one, or up to ten random atoms with quantifiers, sometimes grouped
  /// and repeated.
  static func pattern(_ random: inout SeededRandomGenerator) -> String {
    if random.chance(40) { return random.pick(patterns) }
    var pattern = ""
    for _ in 0..<(1 + random.below(10)) {
      pattern += random.pick(atoms) + random.pick(quantifiers)
      if random.chance(10) { pattern += "|" }
    }
    if random.chance(30) { pattern = "(" + pattern + ")" + random.pick(quantifiers) }
    return pattern
  }

  /// A signal value to search: runs of the characters the patterns are about, digits,
  /// combining marks, CR LF, up to `maximumLength` characters.
  static func value(_ random: inout SeededRandomGenerator, maximumLength: Int) -> String {
    let pieces = ["a", "aa", "b", "x", "y", "2.", "7", " ", "word", "é", "e\u{301}", "\r\n", "👍"]
    var value = ""
    let length = random.below(maximumLength + 1)
    while value.count < length {
      let piece = random.pick(pieces)
      value += String(repeating: piece, count: 1 + random.below(8))
    }
    return String(value.prefix(length))
  }
}
