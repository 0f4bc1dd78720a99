import Core

/// The tool's JSON for a set of values: one object, key -> `{"value", "source"}` (and
/// `"reasons"` when explained), keys sorted, as `evaluate` and `fetch` print it.
///
/// Made once for a set of keys, so each key is spelled once however many sets are written.
struct ConfigValuesJSON: Sendable {
  /// The keys, sorted.
  let keys: [String]
  /// Each key as a JSON string followed by `:{"value":`, in the order of `keys`.
  private let keyPrefixes: [[UInt8]]

  /// The JSON for values with these keys.
  init(keys: some Sequence<String>) {
    self.keys = keys.sorted()
    keyPrefixes = self.keys.map { key in
      var writer = JSONTextWriter()
      writer.writeString(key)
      writer.writeRaw(#":{"value":"#)
      return writer.bytes
    }
  }

  /// The object for every key of `values` on one line.
  static func text(_ values: some ConfigValues) -> String {
    var writer = JSONTextWriter()
    ConfigValuesJSON(keys: values.keys).write(values, into: &writer)
    return writer.text
  }

  /// Writes the object for `values`, whose keys must be this JSON's: each key's value, where
  /// it came from and, given `reasons` (one list per key, in the order of `keys`), the reasons
  /// behind it. A key `values` has no value for is left out.
  func write(
    _ values: some ConfigValues, reasons: [[Reason]]? = nil, into writer: inout JSONTextWriter
  ) {
    writer.writeByte(UInt8(ascii: "{"))
    var first = true
    for (position, key) in keys.enumerated() {
      guard let value = values.configValue(forKey: key) else { continue }
      if !first { writer.writeByte(UInt8(ascii: ",")) }
      first = false
      writeEntry(position, value, into: &writer)
      Self.closeEntry(reasons: reasons?[position], into: &writer)
    }
    writer.writeByte(UInt8(ascii: "}"))
  }

  /// Writes the key at `position` and its value and source, `"key":{"value":"...",
  /// "source":"..."`, leaving the entry open for its reasons.
  func writeEntry(_ position: Int, _ value: ConfigValue, into writer: inout JSONTextWriter) {
    writer.writeRaw(keyPrefixes[position])
    writer.writeString(value.rawValue)
    writer.writeRaw(#","source":"#)
    writer.writeString(value.source.rawValue)
  }

  /// Ends an entry `writeEntry` began: its reasons, if any, and the closing brace.
  static func closeEntry(reasons: [Reason]?, into writer: inout JSONTextWriter) {
    if let reasons {
      writer.writeRaw(#","reasons":"#)
      writer.writeStrings(reasons.lazy.map(\.description))
    }
    writer.writeByte(UInt8(ascii: "}"))
  }
}
