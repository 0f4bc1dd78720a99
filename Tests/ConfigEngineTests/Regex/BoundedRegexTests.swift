@testable import ConfigEngine
import Core
import Testing

@Suite("BoundedRegex")
struct BoundedRegexTests {
  // MARK: - Matching

  @Test(
    "literals, '.', anchors and unanchored search",
    arguments: [
      ("abc", "xxabcxx", true),
      ("abc", "abx", false),
      ("", "anything", true),
      ("", "", true),
      ("a.c", "abc", true),
      ("a.c", "ac", false),
      ("a.c", "a\nc", false),
      ("a.c", "a\rc", true),
      ("a.c", "a\u{2028}c", true),
      ("^abc", "abcd", true),
      ("^abc", "xabc", false),
      ("abc$", "xabc", true),
      ("abc$", "abcx", false),
      ("^$", "", true),
      ("^$", "a", false),
      ("a$", "a\n", false),
      ("^b", "a\nb", false),
      ("^^a$$", "a", true),
      ("^a|b", "xb", true),
      ("^a|^b", "xb", false),
      ("(^a)*b", "xb", true),
      ("(?:^a)+b", "xab", false),
      ("\\b^a", "a", true),
      ("日本", "ようこそ日本へ", true),
      ("]}", "a]}b", true),
    ])
  func basics(pattern: String, input: String, expected: Bool) throws {
    try expectMatch(pattern, input, expected)
  }

  @Test(
    "classes, ranges, negation and escapes inside classes",
    arguments: [
      ("[abc]", "xbx", true),
      ("[abc]", "xyz", false),
      ("^[a-z]+$", "hello", true),
      ("^[a-z]+$", "Hello", false),
      ("^[a-zA-Z0-9_]+$", "Snake_Case_9", true),
      ("[^abc]", "abc", false),
      ("[^abc]", "abcd", true),
      ("[a\\-z]", "-", true),
      ("[a\\-z]", "b", false),
      ("[-a]", "-", true),
      ("[a-]", "-", true),
      ("[\\]]", "]", true),
      ("[[]", "[", true),
      ("[.]", "a", false),
      ("[.]", ".", true),
      ("[\\d]", "5", true),
      ("[^\\d]", "5", false),
      ("[\\w.]", ".", true),
      ("[\\s]", "\t", true),
      ("[\\b]", "\u{8}", true),
      ("[\\x41-\\x43]", "B", true),
      ("[\\x41-\\x43]", "D", false),
      ("[\\u00e9]", "\u{e9}", true),
      ("^[😀-😂]$", "😁", true),
      ("^[😀-😂]$", "😃", false),
      ("[^\\D]", "7", true),
      ("[^\\D]", "x", false),
    ])
  func classes(pattern: String, input: String, expected: Bool) throws {
    try expectMatch(pattern, input, expected)
  }

  @Test(
    "an escape outside a class matches what it names: a class, a control, a code point, itself",
    arguments: [
      ("^\\d\\d$", "42", true),
      ("\\d", "abc", false),
      ("^\\D+$", "abc", true),
      ("\\D", "123", false),
      ("^\\w+$", "a_Z9", true),
      ("\\w", "-!", false),
      ("^\\W+$", "-! ", true),
      ("\\W", "a_1", false),
      ("\\s", "a b", true),
      ("\\s", "\u{3000}", true),
      ("\\s", "\u{feff}", true),
      ("\\s", "ab", false),
      ("\\S", " \u{a0}\t", false),
      ("^a\\tb$", "a\tb", true),
      ("^a\\nb$", "a\nb", true),
      ("^a\\rb$", "a\rb", true),
      ("^\\v\\f$", "\u{b}\u{c}", true),
      ("^\\0$", "\u{0}", true),
      ("^\\x41\\x7a$", "Az", true),
      ("^\\u0041\\u00e9$", "A\u{e9}", true),
      ("^\\u{1F44D}$", "👍", true),
      ("^\\u{41}$", "A", true),
      ("^\\u{0000041}$", "A", true),
      ("^\\uD83D\\uDC4D$", "👍", true),
      ("^\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\\\\\/\\-$", ".*+?()[]{}|^$\\/-", true),
      ("\\.", "a", false),
      ("^\\ \\#\\~$", " #~", true),
    ])
  func escapes(pattern: String, input: String, expected: Bool) throws {
    try expectMatch(pattern, input, expected)
  }

  @Test(
    "word boundaries see \\w characters, input edges and nothing else",
    arguments: [
      ("\\bcat\\b", "the cat sat", true),
      ("\\bcat\\b", "concat", false),
      ("\\bcat\\b", "cat", true),
      ("\\Bcat", "concat", true),
      ("\\Bcat", "cat", false),
      ("\\b", "", false),
      ("\\B", "", true),
      ("\\b", "!", false),
      ("\\b", "a", true),
      ("a\\b", "a👍", true),
      ("\\b👍", "👍", false),
      ("é\\b", "café", false),
      ("caf\\b", "café", true),
    ])
  func wordBoundaries(pattern: String, input: String, expected: Bool) throws {
    try expectMatch(pattern, input, expected)
  }

  @Test(
    "groups, named groups and alternation",
    arguments: [
      ("(ab)+c", "ababc", true),
      ("^(?:ab)+c", "abac", false),
      ("(?<year>\\d{4})-(?<month>\\d{2})", "on 2025-01", true),
      ("(?<year>\\d{4})-(?<month>\\d{2})", "on 2025-1", false),
      ("()", "x", true),
      ("(a|b)c", "bc", true),
      ("cat|dog", "hotdog", true),
      ("cat|dog", "cow", false),
      ("^(cat|dog)$", "catdog", false),
      ("^(?:cat|dog|)$", "", true),
      ("a|", "zzz", true),
      ("|a", "", true),
      ("^(a|ab)(c|bcd)(d*)$", "abcd", true),
      ("^((a)|b)+$", "abba", true),
      ("^(?:(?:(?:x)))$", "x", true),
    ])
  func groups(pattern: String, input: String, expected: Bool) throws {
    try expectMatch(pattern, input, expected)
  }

  @Test(
    "quantifiers and their lazy forms give the same yes/no answer",
    arguments: [
      ("^a*$", "", true),
      ("^a*$", "aaa", true),
      ("^a+$", "", false),
      ("^a+$", "aaa", true),
      ("^a?b$", "b", true),
      ("^a?b$", "aab", false),
      ("^a{3}$", "aaa", true),
      ("^a{3}$", "aa", false),
      ("^a{3}$", "aaaa", false),
      ("^a{2,}$", "aaaaa", true),
      ("^a{2,}$", "a", false),
      ("^a{2,3}$", "aaa", true),
      ("^a{2,3}$", "a", false),
      ("^a{2,3}$", "aaaa", false),
      ("^a{0}$", "", true),
      ("^a{0}b$", "ab", false),
      ("^a{0,0}$", "", true),
      ("^(ab){2}$", "abab", true),
      ("^(ab){2}$", "ab", false),
      ("^(a*)*$", "aaa", true),
      ("^(a?){3}a{3}$", "aaa", true),
      ("^a*?$", "aaa", true),
      ("^a+?b", "aaab", true),
      ("^a??b$", "ab", true),
      ("^a{2,3}?$", "aaa", true),
      ("^a{2,}?$", "aa", true),
      ("^a{2}?$", "aa", true),
      ("^x{1000}$", String(repeating: "x", count: 1_000), true),
      ("^x{1000}$", String(repeating: "x", count: 999), false),
    ])
  func quantifiers(pattern: String, input: String, expected: Bool) throws {
    try expectMatch(pattern, input, expected)
  }

  @Test(
    "a leading (?i) folds ASCII letters only, in literals, escapes and classes",
    arguments: [
      ("(?i)hello", "HeLLo world", true),
      ("hello", "HELLO", false),
      ("(?i)^[a-c]+$", "ABCabc", true),
      ("(?i)^[A-C]+$", "abc", true),
      ("(?i)[^a]", "A", false),
      ("(?i)[^a]", "B", true),
      ("(?i)\\x41", "a", true),
      ("(?i)\\w", "_", true),
      ("(?i)1", "1", true),
      ("(?i)é", "É", false),
      ("(?i)straße", "STRASSE", false),
      ("(?i)e\u{301}", "E\u{301}", true),
    ])
  func caseFolding(pattern: String, input: String, expected: Bool) throws {
    try expectMatch(pattern, input, expected)
  }

  @Test(
    "the unit is the character: emoji, flags and combining sequences are one character",
    arguments: [
      ("^.$", "👍", true),
      ("^.$", "👨‍👩‍👧", true),
      ("^.$", "🇯🇵", true),
      ("^.$", "👍🏽", true),
      ("^.$", "e\u{301}", true),
      ("^.$", "❤️", true),
      ("^..$", "🇯🇵", false),
      ("^.$", "", false),
      ("^.{3}$", "a👨‍👩‍👧b", true),
      ("👍", "great 👍!", true),
      ("^👍+$", "👍👍👍", true),
      ("^🇯🇵$", "🇯🇵", true),
      ("^🇯🇵$", "🇯🇵🇯🇵", false),
      ("👍", "👍🏽", false),
      ("👍🏽", "👍", false),
      ("👍🏽", "ok 👍🏽", true),
      ("e\u{301}", "cafe\u{301}", true),
      ("e\u{301}\u{301}", "cafe\u{301}", false),
      ("e\u{301}", "cafe\u{301}\u{301}", false),
      ("👨‍👩‍👧", "👨‍👩 family", false),
      ("👨‍👩", "👨‍👩‍👧 family", false),
      ("\u{e9}", "cafe\u{301}", false),
      ("e", "cafe\u{301}", false),
      ("[^a]", "👨‍👩‍👧", true),
      ("\\D", "👨‍👩‍👧", true),
      ("\\W", "🇯🇵", true),
      ("[a-z]", "🇯🇵", false),
      ("\\w", "e\u{301}", false),
    ])
  func characters(pattern: String, input: String, expected: Bool) throws {
    try expectMatch(pattern, input, expected)
  }

  @Test(
    "CR LF counts as two characters, on either side",
    arguments: [
      ("a\\r\\nb", "a\r\nb", true),
      ("^a\\s+b$", "a\r\nb", true),
      ("^a..b$", "a\r\nb", false),
      ("^a.\\nb$", "a\r\nb", true),
      ("a$", "a\r\n", false),
      ("\r\n", "x\r\ny", true),
      ("^\r\n?$", "\r", true),
    ])
  func lineEndings(pattern: String, input: String, expected: Bool) throws {
    try expectMatch(pattern, input, expected)
  }

  @Test("characters are exactly Swift's Characters (CR LF as two), over mixed scripts")
  func segmentationAgreesWithSwift() throws {
    let pieces = [
      "a", "Z", " ", "\r", "\n", "\r\n", "\u{301}", "\u{308}", "e", "日", "本", "の",
      "ア", "ー", "한", "\u{1100}", "\u{1161}", "\u{11A8}", "ж", "ب", "\u{64B}", "👍", "🏽",
      "\u{200D}", "👩", "🇯", "🇵", "\u{FE0F}", "❤", "\u{0915}", "\u{094D}", "\u{0937}",
      "\u{0600}", "1", "（", "！", "\u{2028}", "\u{3000}",
    ]
    var generator = SeededRandomGenerator(seed: 99)
    for _ in 0..<2_000 {
      let length = Int.random(in: 0...12, using: &generator)
      let text = (0..<length).map { _ in pieces.randomElement(using: &generator) ?? "" }
        .joined()
      let count = text.count + text.filter { $0 == "\r\n" }.count
      #expect(try BoundedRegex("^[\\s\\S]{\(count)}$").matches(in: text), "\(text.unicodeScalars)")
      #expect(!(try BoundedRegex("^[\\s\\S]{\(count + 1)}$").matches(in: text)))
      if count > 0 {
        #expect(!(try BoundedRegex("^[\\s\\S]{\(count - 1)}$").matches(in: text)))
      }
    }
  }

  @Test("substrings are searched within their own bounds")
  func substrings() throws {
    let regex = try BoundedRegex("^b.d$")
    let text = "abcde"
    let middle = text.dropFirst().dropLast()
    #expect(regex.matches(in: middle))
    #expect(!regex.matches(in: text))
  }

  // MARK: - Syntax errors

  @Test(
    "every unsupported or malformed construct is an error naming its column",
    arguments: [
      ("(a", 3, "expected ')'"),
      ("((a)", 5, "expected ')'"),
      ("a)", 2, "unbalanced ')'"),
      ("[a", 3, "expected ']'"),
      ("[a-", 4, "expected ']'"),
      ("[]", 1, "an empty class is not supported; write \\] for a literal ']'"),
      ("[^]", 1, "an empty class is not supported; write \\] for a literal ']'"),
      ("*a", 1, "'*' has nothing to repeat"),
      ("+", 1, "'+' has nothing to repeat"),
      ("a|?", 3, "'?' has nothing to repeat"),
      ("(*)", 2, "'*' has nothing to repeat"),
      ("a**", 3, "'*' has nothing to repeat"),
      ("^*", 2, "'*' has nothing to repeat"),
      ("a$+", 3, "'+' has nothing to repeat"),
      ("\\b+", 3, "'+' has nothing to repeat"),
      ("\\B{2}", 3, "'{' has nothing to repeat"),
      ("a{2}{3}", 5, "'{' has nothing to repeat"),
      ("{2}", 1, "'{' has nothing to repeat"),
      ("a{", 2, "'{' must start a repetition {n}, {n,} or {n,m}; write \\{ for a literal"),
      ("a{x}", 2, "'{' must start a repetition {n}, {n,} or {n,m}; write \\{ for a literal"),
      ("a{,3}", 2, "'{' must start a repetition {n}, {n,} or {n,m}; write \\{ for a literal"),
      ("a{1,2", 2, "'{' must start a repetition {n}, {n,} or {n,m}; write \\{ for a literal"),
      ("{", 1, "'{' must start a repetition {n}, {n,} or {n,m}; write \\{ for a literal"),
      ("a{3,2}", 2, "the repetition {3,2} has its bounds out of order"),
      ("a{1001}", 2, "a repetition count may be at most 1000"),
      ("a{1,1001}", 2, "a repetition count may be at most 1000"),
      ("a{99999999999999999999}", 2, "a repetition count may be at most 1000"),
      ("a++", 3, "possessive quantifiers are not supported"),
      ("a*+", 3, "possessive quantifiers are not supported"),
      ("a{2}+", 5, "possessive quantifiers are not supported"),
      ("\\1", 1, "backreferences are not supported"),
      ("(a)\\1", 4, "backreferences are not supported"),
      ("(?<n>a)\\k<n>", 8, "backreferences are not supported"),
      ("(?=a)", 1, "lookahead is not supported"),
      ("x(?!a)", 2, "lookahead is not supported"),
      ("(?<=a)b", 1, "lookbehind is not supported"),
      ("(?<!a)b", 1, "lookbehind is not supported"),
      ("a(?i)", 2, "inline flags are only supported as a leading (?i)"),
      ("(?m)a", 1, "inline flags are only supported as a leading (?i)"),
      ("(?i)(?i)a", 5, "inline flags are only supported as a leading (?i)"),
      ("(?P<n>a)", 3, "unknown group syntax after '(?'"),
      ("(?", 3, "expected ':' or '<name>' after '(?'"),
      ("(?<>a)", 4, "expected a group name after '(?<'"),
      ("(?<a-b>x)", 5, "a group name must be letters, digits, '_' or '$'"),
      ("(?<1a>x)", 4, "a group name must be letters, digits, '_' or '$'"),
      ("(?<n", 5, "expected '>'"),
      ("(?<n>a)(?<n>b)", 11, "duplicate group name 'n'"),
      ("\\q", 1, "unknown escape '\\q'"),
      ("ab\\e", 3, "unknown escape '\\e'"),
      ("\\é", 1, "unknown escape '\\é'"),
      ("abc\\", 4, "the pattern ends with a lone '\\'"),
      ("\\x4", 1, "\\x must be followed by two hex digits"),
      ("\\xg0", 1, "\\x must be followed by two hex digits"),
      ("\\u12", 1, "\\u must be followed by four hex digits or {hex}"),
      ("\\uD83D", 1, "a lone surrogate is not a Unicode scalar"),
      ("\\uDC4D", 1, "a lone surrogate is not a Unicode scalar"),
      ("\\uD83D\\u0041", 1, "a lone surrogate is not a Unicode scalar"),
      ("\\u{110000}", 1, "\\u{...} is beyond U+10FFFF"),
      ("\\u{FFFFFFFFFF}", 1, "\\u{...} is beyond U+10FFFF"),
      ("\\u{D800}", 1, "\\u{...} names a surrogate, not a Unicode scalar"),
      ("\\u{}", 1, "\\u{ must be followed by hex digits and '}'"),
      ("\\u{41", 1, "\\u{ must be followed by hex digits and '}'"),
      ("\\p{L}", 1, "Unicode property escapes are not supported"),
      ("\\P{L}", 1, "Unicode property escapes are not supported"),
      ("\\cA", 1, "control escapes are not supported"),
      ("\\01", 1, "octal escapes are not supported"),
      ("[z-a]", 2, "the class range is out of order"),
      ("[\\d-z]", 2, "a class range cannot start with a class escape"),
      ("[a-\\d]", 4, "a class range cannot end with a class escape"),
      ("[[:alpha:]]", 2, "POSIX classes such as [:alpha:] are not supported"),
      ("[\\B]", 2, "\\B cannot appear in a class"),
      ("[\\1]", 2, "backreferences are not supported"),
      ("[👨‍👩‍👧]", 2, "a class member must be a single Unicode scalar"),
      ("a(\u{301}b)", 2, "a combining mark follows '('"),
      ("a*\u{301}", 2, "a combining mark follows '*'"),
    ])
  func syntaxErrors(pattern: String, column: Int, message: String) {
    #expect(throws: RegexSyntaxError(pattern: pattern, column: column, message: message)) {
      try BoundedRegex(pattern)
    }
  }

  @Test("the error reads: invalid regex \"(a\" at column 3: expected ')'")
  func errorDescription() {
    let error = RegexSyntaxError(pattern: "(a", column: 3, message: "expected ')'")
    #expect(error.description == #"invalid regex "(a" at column 3: expected ')'"#)
    let long = RegexSyntaxError(
      pattern: String(repeating: "a", count: 200), column: 5, message: "x")
    #expect(
      long.description == "invalid regex \"\(String(repeating: "a", count: 79))…\" at "
        + "column 5: x")
  }

  @Test("patterns are limited to 1,000 characters")
  func patternLength() throws {
    _ = try BoundedRegex(String(repeating: "👍", count: BoundedRegex.maximumPatternLength))
    #expect(
      throws: RegexSyntaxError(
        pattern: String(repeating: "a", count: 1_001), column: 1_001,
        message: "the pattern is longer than 1000 characters")
    ) {
      try BoundedRegex(String(repeating: "a", count: 1_001))
    }
  }

  @Test(
    "programs are limited to 20,000 instructions after expanding repetitions",
    arguments: [
      // Sizes: a{n} is n instructions, the final match is one more.
      ("(?:a{1000}){19}a{999}", nil),
      ("(?:a{1000}){19}a{1000}", 16),
      ("(a{1000}){1000}", 10),
      ("(?:(?:(?:a{1000}){1000}){1000}){1000}", 18),
      ("(?:a{10}){1000}(?:b{10}){1000}", 16),
      ("a{1000}|" + String(repeating: "b{1000}|", count: 19) + "c", 160),
      ("(?:a{1000}b?){20}", 14),
      ("(?:x{0,1000}){20}", 14),
      ("(?:x{500,}){40}", 12),
      // Exactly at the limit and one past it, with each kind of repetition.
      ("(?:x{0,1000}){9}a{1000}b{999}", nil),
      ("(?:x{0,1000}){9}a{1000}b{1000}", 24),
      ("(?:(?:x*){1000}){6}a{1000}b{999}", nil),
      ("(?:(?:x*){1000}){6}a{1000}b{1000}", 27),
      ("(?:(?:x+){1000}){9}a{999}b{999}c", nil),
      ("(?:(?:x+){1000}){9}a{999}b{999}cd", 33),
      ("(?:(?:x|y){1000}){4}a{1000}b{1000}c{1000}d{999}", nil),
      ("(?:(?:x|y){1000}){4}a{1000}b{1000}c{1000}d{999}e", 48),
    ] as [(String, Int?)])
  func programSize(pattern: String, column: Int?) throws {
    guard let column else {
      _ = try BoundedRegex(pattern)
      return
    }
    #expect(
      throws: RegexSyntaxError(
        pattern: pattern, column: column,
        message: "the pattern expands to more than 20000 instructions")
    ) {
      try BoundedRegex(pattern)
    }
  }

  @Test("groups may nest 100 deep, not 101")
  func nesting() throws {
    let deep = String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100)
    #expect(try BoundedRegex(deep).matches(in: "a"))
    let deeper = String(repeating: "(", count: 101) + "a" + String(repeating: ")", count: 101)
    #expect(
      throws: RegexSyntaxError(
        pattern: deeper, column: 101, message: "groups nest more than 100 deep")
    ) {
      try BoundedRegex(deeper)
    }
  }

  // MARK: - Bounds

  @Test(
    "pathological patterns finish on 5,000-character inputs (a backtracking engine hangs)",
    arguments: [
      ("(a+)+$", String(repeating: "a", count: 5_000) + "!", false),
      ("(a+)+$", String(repeating: "a", count: 5_000), true),
      ("(a|aa)*b", String(repeating: "a", count: 5_000), false),
      ("(a|aa)*b", String(repeating: "a", count: 4_999) + "b", true),
      ("(x+x+)+y", String(repeating: "x", count: 5_000), false),
      ("(x+x+)+y", String(repeating: "x", count: 4_999) + "y", true),
      ("(.*a){20}", String(repeating: "a", count: 5_000), true),
      (
        "(.*a){20}", String(repeating: "a", count: 19) + String(repeating: "b", count: 4_981), false
      ),
      ("^(a?){1000}a{1000}$", String(repeating: "a", count: 1_000), true),
      ("(\\w+\\s?)*$", String(repeating: "word ", count: 999) + "!", true),
      ("^(\\w+\\s?)*$", String(repeating: "word ", count: 999) + "!", false),
    ])
  func pathological(pattern: String, input: String, expected: Bool) throws {
    #expect(input.count >= 1_000)
    try expectMatch(pattern, input, expected)
  }

  @Test("inputs over 100,000 characters do not match; 100,000 do")
  func inputLength() throws {
    let limit = BoundedRegex.maximumInputLength
    let anything = try BoundedRegex("")
    let lastA = try BoundedRegex("a$")
    #expect(lastA.matches(in: String(repeating: "a", count: limit)))
    #expect(!lastA.matches(in: String(repeating: "a", count: limit + 1)))
    #expect(!anything.matches(in: String(repeating: "a", count: limit + 1)))
    // Counted in characters, not bytes: 100,000 two-byte characters are within the limit.
    #expect(try BoundedRegex("^é+$").matches(in: String(repeating: "é", count: limit)))
    #expect(!anything.matches(in: String(repeating: "é", count: limit + 1)))
  }

  @Test("a large program searches fewer characters: instructions × characters <= 10^7")
  func searchCost() throws {
    #expect(try BoundedRegex("a|b").inputLengthLimit == BoundedRegex.maximumInputLength)
    // 9,000 copies of `x`, split, jump, `a`, `$` and the final match: 9,005 instructions.
    let large = try BoundedRegex("(?:x{1000}){9}|a$")
    #expect(large.inputLengthLimit == 10_000_000 / 9_005)
    let atLimit = large.matches(in: String(repeating: "a", count: 10_000_000 / 9_005))
    let overLimit = large.matches(in: String(repeating: "a", count: 10_000_000 / 9_005 + 1))
    #expect(atLimit)
    #expect(!overLimit)
    // The costliest program there is: 18,000 `.?` and `!`; no catastrophic search is long.
    let costliest = try BoundedRegex("(?:(?:.?){1000}){9}!")
    #expect(costliest.inputLengthLimit == 10_000_000 / 18_002)
    let found = costliest.matches(in: String(repeating: "a", count: 500) + "!")
    #expect(found)
  }

  // MARK: - Identity

  @Test("regexes are equal and hash alike exactly when their patterns have the same scalars")
  func identity() throws {
    #expect(try BoundedRegex("a+") == BoundedRegex("a+"))
    #expect(try BoundedRegex("a+") != BoundedRegex("a*"))
    #expect(try BoundedRegex("a+").pattern == "a+")
    // Canonically equivalent, but different programs: é and e + U+0301.
    let precomposed = try BoundedRegex("\u{e9}")
    let decomposed = try BoundedRegex("e\u{301}")
    #expect(precomposed != decomposed)
    #expect(precomposed.matches(in: "\u{e9}") && !decomposed.matches(in: "\u{e9}"))
    #expect(try Set([BoundedRegex("x"), BoundedRegex("x"), BoundedRegex("y")]).count == 2)
  }

  // MARK: - Random patterns

  @Test("5,000 random patterns compile or throw RegexSyntaxError, and compiled ones run")
  func randomPatterns() {
    let inputAlphabet = ["a", "b", "x", "1", " ", "_", "\n", "\r\n", "👍", "👨‍👩‍👧", "é", "A"]
    var generator = SeededRandomGenerator(seed: 2_025)
    var compiled = 0
    for _ in 0..<5_000 {
      let pattern = Self.randomPattern(using: &generator)
      let regex: BoundedRegex
      do throws(RegexSyntaxError) {
        regex = try BoundedRegex(pattern)
      } catch {
        #expect(error.pattern == pattern)
        #expect((1...pattern.count + 1).contains(error.column), "\(error)")
        continue
      }
      compiled += 1
      for _ in 0..<4 {
        let inputLength = Int.random(in: 0...24, using: &generator)
        let input = (0..<inputLength).map { _ in
          inputAlphabet.randomElement(using: &generator) ?? ""
        }.joined()
        _ = regex.matches(in: input)
      }
    }
    // Guards the test itself: enough patterns must compile for the run to mean something.
    #expect(compiled > 500, "only \(compiled) of 5,000 random patterns compiled")
  }

  // Swift's Regex is a backtracking engine, fine for these tiny inputs. On ASCII input its
  // `.`, classes, `\d \w \s` and anchors mean what ours do; its `\b` follows Unicode word
  // rules (it even matches in ""), so word boundaries are left to the tables above.
  @Test("on an ASCII subset, answers agree with Swift's own Regex (a differential check)")
  func agreesWithSwiftRegex() throws {
    let atoms = [
      "a", "b", "1", ".", "[ab]", "[^a]", "[a-c1]", "\\d", "\\w", "\\s", "\\W", "\\D",
      "(", ")", "(?:", "|", "*", "+", "?", "{2}", "{1,2}", "{0,}", "*?", "^", "$",
    ]
    let inputAlphabet = ["a", "b", "c", "1", " ", "_", "-"]
    var generator = SeededRandomGenerator(seed: 42)
    var compared = 0
    for _ in 0..<4_000 {
      let length = Int.random(in: 1...7, using: &generator)
      let pattern = (0..<length).map { _ in atoms.randomElement(using: &generator) ?? "" }
        .joined()
      guard let ours = try? BoundedRegex(pattern),
        let theirs = try? Regex(pattern)
      else { continue }
      for _ in 0..<5 {
        let inputLength = Int.random(in: 0...8, using: &generator)
        let input = (0..<inputLength).map { _ in
          inputAlphabet.randomElement(using: &generator) ?? ""
        }.joined()
        let expected = input.contains(theirs)
        #expect(ours.matches(in: input) == expected, "\(pattern) on \"\(input)\"")
        compared += 1
      }
    }
    #expect(compared > 5_000, "only \(compared) comparisons")
  }

  @Test("the parser's size accounting is exactly the compiled program's instruction count")
  func sizeAccounting() {
    var generator = SeededRandomGenerator(seed: 7)
    var checked = 0
    for _ in 0..<5_000 {
      let pattern = Self.randomPattern(using: &generator)
      guard var parser = try? BoundedRegexParser(pattern: pattern),
        let parsed = try? parser.parse()
      else { continue }
      let program = BoundedRegexProgram(
        compiling: parsed.node, size: parsed.size, isCaseInsensitive: parser.isCaseInsensitive)
      #expect(program.instructions.count == parsed.size + 1, "\(pattern)")
      checked += 1
    }
    #expect(checked > 500)
  }

  // MARK: - Helpers

  /// A pattern of up to 16 pieces of the syntax alphabet, valid or not.
  private static func randomPattern(using generator: inout SeededRandomGenerator) -> String {
    let alphabet = [
      "a", "b", "x", ".", "*", "+", "?", "|", "(", ")", "[", "]", "^", "$", "\\", "{", "}",
      ",", "-", "0", "1", "2", "9", "d", "D", "w", "s", "b", "B", "u", "x", "k", ":", "<",
      ">", "=", "!", "i", "(?:", "(?<n>", "(?i)", "{2}", "{1,3}", "{0,}", "\\u{1F44D}",
      "👍", "👨‍👩‍👧", "é", "e\u{301}", "\r\n", "\n", " ",
    ]
    let length = Int.random(in: 0...16, using: &generator)
    return (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "" }.joined()
  }

  private func expectMatch(
    _ pattern: String, _ input: String, _ expected: Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let regex = try BoundedRegex(pattern)
    #expect(
      regex.matches(in: input) == expected, "\(pattern) on \(input.debugDescription)",
      sourceLocation: sourceLocation)
  }
}
