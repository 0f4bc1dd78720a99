package import Testing

/// The violations of one rule found over a fuzz run, each with what reproduces it: the seed,
/// the iteration and the input. A run checks every input against every rule, then asserts
/// per rule, so a rule that fails today (marked `withKnownIssue`) never hides another.
package struct FuzzFailures {
  /// One input that broke the rule.
  struct Example {
    let seed: UInt64
    let iteration: Int
    let input: [UInt8]
    let detail: String
  }

  /// The rule, as a sentence.
  package let rule: String
  private(set) var examples: [Example] = []
  private(set) var count = 0

  package init(_ rule: String) {
    self.rule = rule
  }

  /// Records that input `iteration` of the run seeded `seed` broke the rule.
  package mutating func add(seed: UInt64, iteration: Int, input: [UInt8], _ detail: String) {
    count += 1
    // The first few are enough to reproduce and to see the pattern.
    if examples.count < 3 {
      examples.append(Example(seed: seed, iteration: iteration, input: input, detail: detail))
    }
  }

  /// Records that `input` (text) broke the rule.
  package mutating func add(seed: UInt64, iteration: Int, input: String, _ detail: String) {
    add(seed: seed, iteration: iteration, input: Array(input.utf8), detail)
  }

  /// Fails the test when any input broke the rule, naming the seeds, iterations and inputs.
  package func expectNone(sourceLocation: SourceLocation = #_sourceLocation) {
    guard count > 0 else { return }
    var lines = ["\(count) input(s) broke the rule: \(rule)"]
    for example in examples {
      lines.append(
        "seed 0x\(String(example.seed, radix: 16)), iteration \(example.iteration): "
          + example.detail)
      lines.append("  input (\(example.input.count) bytes): " + Self.shown(example.input))
    }
    Issue.record(Comment(rawValue: lines.joined(separator: "\n")), sourceLocation: sourceLocation)
  }

  /// The input as a Swift-style literal, bytes that are not printable ASCII as `\u{XX}`, cut
  /// to its first 600 bytes (the seed and iteration regenerate the whole input).
  package static func shown(_ input: [UInt8]) -> String {
    var text = "\""
    for byte in input.prefix(600) {
      switch byte {
      case UInt8(ascii: "\""): text += "\\\""
      case UInt8(ascii: "\\"): text += "\\\\"
      case 0x20..<0x7F: text.unicodeScalars.append(Unicode.Scalar(byte))
      default: text += "\\u{" + String(byte, radix: 16, uppercase: true) + "}"
      }
    }
    text += "\""
    if input.count > 600 { text += "... (\(input.count - 600) more bytes)" }
    return text
  }
}
