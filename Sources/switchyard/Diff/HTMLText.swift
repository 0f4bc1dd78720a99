import Core

/// Text from outside (template keys and values, reasons, file names) made safe for an HTML
/// page or the SVG inside it: on one line and cut as Core's `Excerpt` cuts every value it
/// repeats, with `&`, `<`, `>`, `"` and `'` written as entities, so a value holding
/// `</style>`, `<script>` or a quote shows as text and never ends an element or attribute.
enum HTMLText {
  /// `text`, escaped and at most `length` characters before escaping.
  static func escaped(_ text: some StringProtocol, length: Int = 2_000) -> String {
    var result = ""
    for character in Excerpt.of(text, length: length).unicodeScalars {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }
}
