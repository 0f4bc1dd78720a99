import ConfigEngine
import Core
import Foundation

/// `evaluate`'s line for one template and one set of defaults, with every value a key can
/// take spelled once: an evaluation has the same keys whatever the context (the template's
/// and the defaults'), and each key one of a few values (its default or a conditional
/// value; an in-app default, fixed by the defaults), so a line is those spellings copied in
/// the order of the keys, with no value looked up, escaped or built per line.
///
/// Prints exactly what `ConfigValuesJSON` prints for the same values: each spelling (with
/// the comma before it and, unexplained, the brace after it) is made by it.
struct EvaluatedConfigJSON: Sendable {
  /// The keys, sorted, as `ConfigValuesJSON` orders them.
  let keys: [String]
  /// Every spelling, back to back.
  private let spellings: [UInt8]
  /// Per key, in the order of `keys`: where its values are in `choices`.
  private let entries: [Entry]
  /// Every key's values, key after key: read front to back alongside `entries`, so a line
  /// costs a few loads and one copy per key.
  private let choices: [Choice]
  /// The longest line `write` can make: the braces and each key's longest spelling.
  private let maximumLineBytes: Int

  /// Whether `write` takes reasons: then an entry's spelling stops before its closing brace.
  let explained: Bool

  /// One key.
  private struct Entry {
    /// The template parameter behind the key (an index in the template's `keys`), or -1 for
    /// a key only the defaults have.
    var parameter: Int32
    /// How many values the key can take: its entries in `choices`, the default's first.
    var choiceCount: Int32
  }

  /// One value a key can take.
  private struct Choice {
    /// The condition that chooses it (-1: the default, as
    /// `EvaluatedConfig.winningConditions` names it).
    var condition: Int32
    /// Where its spelling starts in `spellings`, and how long it is.
    var start: Int32
    var length: Int32
  }

  /// The line for evaluations of `template` with `defaults`, with each value's reasons when
  /// `explained`.
  init(template: CompiledTemplate, defaults: InAppDefaults, explained: Bool) {
    // The keys and the defaults' values do not depend on the context: any evaluation gives
    // them.
    let sample = template.evaluate(EvaluationContext(), defaults: defaults, now: .distantPast)
    let json = ConfigValuesJSON(keys: sample.keys)
    let parameterIndex = Dictionary(
      template.keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    let possible = template.possibleValues(defaults: defaults)
    var writer = JSONTextWriter()
    var entries: [Entry] = []
    var choices: [Choice] = []
    var maximumLineBytes = 2
    for (position, key) in json.keys.enumerated() {
      let parameter = parameterIndex[key]
      let values = parameter.map { possible[$0] } ?? [(Int32(-1), sample[key])]
      entries.append(Entry(parameter: Int32(parameter ?? -1), choiceCount: Int32(values.count)))
      var longest = 0
      for (condition, value) in values {
        let start = writer.bytes.count
        if position > 0 { writer.writeByte(UInt8(ascii: ",")) }
        json.writeEntry(position, value, into: &writer)
        if !explained { ConfigValuesJSON.closeEntry(reasons: nil, into: &writer) }
        choices.append(
          Choice(
            condition: condition, start: Int32(start), length: Int32(writer.bytes.count - start)))
        longest = max(longest, writer.bytes.count - start)
      }
      maximumLineBytes += longest
    }
    keys = json.keys
    spellings = writer.bytes
    self.entries = entries
    self.choices = choices
    self.maximumLineBytes = maximumLineBytes
    self.explained = explained
  }

  /// Writes the object for `values`, an evaluation of this line's template with its
  /// defaults; when explained, `reasons` holds each value's reasons (one list per key, in
  /// the order of `keys`).
  func write(
    _ values: EvaluatedConfig, reasons: [[Reason]]? = nil, into writer: inout JSONTextWriter
  ) {
    let winners = values.winningConditions
    guard !explained else {
      writer.writeByte(UInt8(ascii: "{"))
      forEachSpelling(winners) { position, spelling in
        writer.writeRaw(spelling)
        ConfigValuesJSON.closeEntry(reasons: reasons?[position], into: &writer)
      }
      writer.writeByte(UInt8(ascii: "}"))
      return
    }
    writer.writeRaw(atMost: maximumLineBytes) { line in
      line[0] = UInt8(ascii: "{")
      var length = 1
      forEachSpelling(winners) { _, spelling in
        guard let source = spelling.baseAddress else { return }
        (line + length).update(from: source, count: spelling.count)
        length += spelling.count
      }
      line[length] = UInt8(ascii: "}")
      return length + 1
    }
  }

  /// Calls `body` with each key's position and the spelling of the value it takes in an
  /// evaluation whose winning conditions are `winners`.
  @inline(__always)
  private func forEachSpelling(
    _ winners: [Int32], _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void
  ) {
    winners.withUnsafeBufferPointer { winners in
      entries.withUnsafeBufferPointer { entries in
        choices.withUnsafeBufferPointer { choices in
          spellings.withUnsafeBufferPointer { spellings in
            // Every key has a spelling, so there are none only when there are no keys.
            guard let base = spellings.baseAddress else { return }
            // The tables are made by `init` and read in order, so their indices need no
            // checks.
            var first = 0
            for position in 0..<entries.count {
              let entry = entries[position]
              let end = first &+ Int(entry.choiceCount)
              // A winner always has a spelling; the default's is first.
              var chosen = first
              if entry.parameter >= 0 {
                let winner = winners[Int(entry.parameter)]
                var candidate = first
                while candidate < end {
                  if choices[candidate].condition == winner {
                    chosen = candidate
                    break
                  }
                  candidate &+= 1
                }
              }
              let choice = choices[chosen]
              body(
                position,
                UnsafeBufferPointer(start: base + Int(choice.start), count: Int(choice.length)))
              first = end
            }
          }
        }
      }
    }
  }
}
