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
  /// Per key: the template parameter behind it (an index in the template's `keys`), or nil
  /// for a key only the defaults have.
  private let parameters: [Int?]
  /// Per key: where its spellings start in `ranges`, one per value it can take.
  private let firstRange: [Int]
  /// Where each spelling lies in `spellings`.
  private let ranges: [Range<Int>]

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
    var parameters: [Int?] = []
    var firstRange: [Int] = []
    var ranges: [Range<Int>] = []
    for (position, key) in json.keys.enumerated() {
      let parameter = parameterIndex[key]
      let values = parameter.map { possible[$0] } ?? [sample[key]]
      parameters.append(parameter)
      firstRange.append(ranges.count)
      for value in values {
        let start = writer.bytes.count
        if position > 0 { writer.writeByte(UInt8(ascii: ",")) }
        json.writeEntry(position, value, into: &writer)
        if !explained { ConfigValuesJSON.closeEntry(reasons: nil, into: &writer) }
        ranges.append(start..<writer.bytes.count)
      }
    }
    keys = json.keys
    spellings = writer.bytes
    self.parameters = parameters
    self.firstRange = firstRange
    self.ranges = ranges
    self.explained = explained
  }

  /// Writes the object for `values`, an evaluation of this line's template with its
  /// defaults; when explained, `reasons` holds each value's reasons (one list per key, in
  /// the order of `keys`).
  func write(
    _ values: EvaluatedConfig, reasons: [[Reason]]? = nil, into writer: inout JSONTextWriter
  ) {
    writer.writeByte(UInt8(ascii: "{"))
    spellings.withUnsafeBufferPointer { spellings in
      for position in keys.indices {
        let choice = parameters[position].map { values.choice(ofParameter: $0) } ?? 0
        let range = ranges[firstRange[position] + choice]
        writer.writeRaw(UnsafeBufferPointer(rebasing: spellings[range]))
        if explained { ConfigValuesJSON.closeEntry(reasons: reasons?[position], into: &writer) }
      }
    }
    writer.writeByte(UInt8(ascii: "}"))
  }
}
