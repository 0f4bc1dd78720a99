import ConfigClient
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
  /// Per key, in the order of `keys`: the template parameter behind it (an index in the
  /// template's `keys`, or -1 for a key only the defaults have), how many values it can
  /// take, and for each value the condition that chooses it (-1: the default, as
  /// `EvaluatedConfig.winningConditions` names it) and where its spelling starts in
  /// `spellings` and how long it is. One table read front to back, so a line costs a few
  /// loads and one copy per key.
  private let layout: [Int32]
  /// The longest line `write` can make: the braces and each key's longest spelling.
  private let maximumLineBytes: Int

  /// Whether `write` takes reasons: then an entry's spelling stops before its closing brace.
  let explained: Bool

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
    var layout: [Int32] = []
    var maximumLineBytes = 2
    for (position, key) in json.keys.enumerated() {
      let parameter = parameterIndex[key]
      let values = parameter.map { possible[$0] } ?? [(Int32(-1), sample[key])]
      layout += [Int32(parameter ?? -1), Int32(values.count)]
      var longest = 0
      for (condition, value) in values {
        let start = writer.bytes.count
        if position > 0 { writer.writeByte(UInt8(ascii: ",")) }
        json.writeEntry(position, value, into: &writer)
        if !explained { ConfigValuesJSON.closeEntry(reasons: nil, into: &writer) }
        layout += [condition, Int32(start), Int32(writer.bytes.count - start)]
        longest = max(longest, writer.bytes.count - start)
      }
      maximumLineBytes += longest
    }
    keys = json.keys
    spellings = writer.bytes
    self.layout = layout
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
      layout.withUnsafeBufferPointer { layout in
        spellings.withUnsafeBufferPointer { spellings in
          // Every key has a spelling, so there are none only when there are no keys.
          guard let base = spellings.baseAddress else { return }
          // The layout is made by `init` and read in order, so its indices need no checks.
          var entry = 0
          for position in 0..<keys.count {
            let parameter = Int(layout[entry])
            let count = Int(layout[entry &+ 1])
            var chosen = entry &+ 2
            if parameter >= 0 {
              // A winner always has a spelling; the default's is first.
              let winner = winners[parameter]
              var candidate = chosen
              let end = chosen &+ 3 &* count
              while candidate < end {
                if layout[candidate] == winner {
                  chosen = candidate
                  break
                }
                candidate &+= 3
              }
            }
            let start = Int(layout[chosen &+ 1])
            body(
              position,
              UnsafeBufferPointer(start: base + start, count: Int(layout[chosen &+ 2])))
            entry &+= 2 &+ 3 &* count
          }
        }
      }
    }
  }
}
