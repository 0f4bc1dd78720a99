import Core
import Testing

/// The one rule for outside values in messages: cut to a length in characters and scalars,
/// control and bidi characters spelled, both ends of a whole message kept.
@Suite("Excerpt")
struct ExcerptTests {
  @Test(
    "a value is shown whole when short, cut with an ellipsis when long",
    arguments: [
      ("grade", 10, "grade"),
      ("0123456789", 10, "0123456789"),
      ("0123456789x", 10, "0123456789..."),
      ("", 10, ""),
      // Seven scalars each: two characters' worth of scalars hold one.
      ("👨‍👩‍👧‍👦👨‍👩‍👧‍👦", 2, "👨‍👩‍👧‍👦..."),
    ])
  func cut(value: String, length: Int, expected: String) {
    #expect(Excerpt.of(value, length: length) == expected)
  }

  @Test(
    "control, line-breaking and bidi characters are spelled U+XXXX",
    arguments: [
      ("a\nb", "aU+000Ab"),
      ("a\r\nb", "aU+000D U+000Ab"),
      ("\u{1B}[2J", "U+001B[2J"),
      ("\u{0}\u{7F}\u{85}", "U+0000 U+007F U+0085"),
      ("\u{202E}abc\u{2066}", "U+202EabcU+2066"),
      ("\u{2028}\u{2029}", "U+2028 U+2029"),
      ("tab\there", "tabU+0009here"),
    ])
  func spelled(value: String, expected: String) {
    #expect(Excerpt.of(value) == expected)
  }

  @Test("the length counts what is shown: spelled characters cost their six characters")
  func spelledCost() {
    #expect(Excerpt.of("ab\ncd", length: 8) == "abU+000A...")
    #expect(Excerpt.of("ab\ncd", length: 7) == "ab...")
  }

  @Test("a character of many scalars is cut at four scalars per character of the length")
  func manyScalars() {
    let marks = "a" + String(repeating: "\u{301}", count: 100_000)
    let shown = Excerpt.of(marks, length: 10)
    #expect(shown.unicodeScalars.count == 40 + 3)
    #expect(shown.hasSuffix("..."))
    let families = String(repeating: "👨‍👩‍👧‍👦", count: 1_000)
    #expect(Excerpt.of(families, length: 10).unicodeScalars.count <= 40 + 3)
  }

  @Test("quoted puts the excerpt in single quotes")
  func quoted() {
    #expect(Excerpt.quoted("k") == "'k'")
    #expect(
      Excerpt.quoted(String(repeating: "k", count: 100)) == "'" + String(repeating: "k", count: 60)
        + "...'")
  }

  @Test("a whole message keeps its first two thirds and last third, joined by ' ... '")
  func line() {
    #expect(Excerpt.line("short\nline") == "shortU+000Aline")
    let message = "key '" + String(repeating: "x", count: 10_000) + "' must match ^[a-z]+$"
    let shown = Excerpt.line(message, length: 90)
    #expect(
      shown == "key '" + String(repeating: "x", count: 55) + " ... "
        + String(repeating: "x", count: 9) + "' must match ^[a-z]+$")
    #expect(shown.count == 95)
  }
}
