import SwitchyardTestSupport

/// README.md's fenced code blocks, for the suites that hold README to what the code does.
enum Readme {
  /// One fenced block: the language after the opening fence (`swift`, `sh`, or empty) and the
  /// lines between the fences.
  struct Block {
    let language: String
    let text: String
  }

  /// Every fenced block of README.md, in order.
  static func blocks() throws -> [Block] {
    var blocks: [Block] = []
    var current: (language: String, lines: [Substring])?
    for line in try SourceTree.text("README.md").split(
      separator: "\n", omittingEmptySubsequences: false)
    {
      if line.hasPrefix("```") {
        if let open = current {
          blocks.append(Block(language: open.language, text: open.lines.joined(separator: "\n")))
          current = nil
        } else {
          current = (String(line.dropFirst(3)), [])
        }
      } else {
        current?.lines.append(line)
      }
    }
    return blocks
  }
}
