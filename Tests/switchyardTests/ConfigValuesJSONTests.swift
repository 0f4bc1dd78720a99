import Core
import Foundation
import Testing
@testable import switchyard

@Suite("ConfigValuesJSON")
struct ConfigValuesJSONTests {
  /// The object as the tool built it before it wrote bytes: a JSON tree per line, kept here
  /// as the reference the byte writer must match.
  static func tree(_ values: some ConfigValues, reasons: [[Reason]]?) -> JSONValue {
    let keys = values.keys.sorted()
    var object = JSONObject()
    for (position, key) in keys.enumerated() {
      guard let value = values.configValue(forKey: key) else { continue }
      var entry = JSONObject([
        ("value", .string(value.rawValue)), ("source", .string(value.source.rawValue)),
      ])
      if let reasons {
        entry["reasons"] = .array(reasons[position].map { .string($0.description) })
      }
      object[key] = .object(entry)
    }
    return .object(object)
  }

  static let texts = [
    "", "plain", "quote\"back\\slash", "new\nline\r\ttab", "\u{0}\u{1F}\u{7F}", "日本語 🚀",
    "e\u{301}", "\u{2028}", "{\"json\": [1, 2]}", "param_10", "Param", "a b",
  ]

  @Test("each object is byte for byte the tree's text, reasons or not, keys sorted")
  func matchesTheTree() {
    var random = SeededRandomGenerator(seed: 9)
    let sources: [ConfigValueSource] = [.remote, .default, .static]
    for _ in 0..<200 {
      let values = InMemoryConfigValues(
        values: (0..<Int.random(in: 0...8, using: &random)).map { index in
          ConfigValue(
            key: (Self.texts.randomElement(using: &random) ?? "") + "\(index % 3)",
            rawValue: Self.texts.randomElement(using: &random) ?? "",
            source: sources.randomElement(using: &random) ?? .remote)
        })
      let json = ConfigValuesJSON(keys: values.keys)
      let reasons = json.keys.map { _ in
        (0..<Int.random(in: 0...2, using: &random)).map { _ in
          Reason.because(Self.texts.randomElement(using: &random) ?? "")
        }
      }
      for explained in [nil, reasons] {
        var writer = JSONTextWriter()
        json.write(values, reasons: explained, into: &writer)
        #expect(writer.text == Self.tree(values, reasons: explained).jsonText)
      }
      #expect(ConfigValuesJSON.text(values) == Self.tree(values, reasons: nil).jsonText)
    }
  }

  @Test("a key the values lack is left out, commas and all")
  func missingKeys() {
    let values = InMemoryConfigValues(["b": "2"])
    var writer = JSONTextWriter()
    ConfigValuesJSON(keys: ["a", "b", "c"]).write(values, into: &writer)
    #expect(writer.text == #"{"b":{"value":"2","source":"remote"}}"#)
    var empty = JSONTextWriter()
    ConfigValuesJSON(keys: ["a"]).write(InMemoryConfigValues([:]), into: &empty)
    #expect(empty.text == "{}")
  }
}
