import Core
import Foundation
import Testing

@Suite("ConfigKey and ConfigValues")
struct ConfigKeyTests {
  static let maintenance = ConfigKey<Bool>(
    "isUnderMaintenance", default: false, description: "Shows the maintenance screen.")
  static let message = ConfigKey<String>("maintenanceMessage", default: "Back soon")
  static let goal = ConfigKey<Double>("daily_goal", default: 10)
  static let count = ConfigKey<Int>("image_count", default: 3)
  static let grades = ConfigKey<[Int]>(json: "supported_grades", default: [1])

  @Test("a key absent from the source reads its default, silently")
  func absentKeyReadsDefault() {
    let values = InMemoryConfigValues([:])
    #expect(values[Self.maintenance] == false)
    #expect(values[Self.message] == "Back soon")
    #expect(values[Self.grades] == [1])
    let resolved = values.resolve(Self.grades)
    #expect(resolved.source == .static && resolved.diagnostic == nil)
  }

  @Test("present values decode with the strict rules and keep their source")
  func presentValuesDecode() {
    let values = InMemoryConfigValues(
      [
        "isUnderMaintenance": "YES", "maintenanceMessage": " Closed until 10:00 ",
        "daily_goal": "12.5", "image_count": "7", "supported_grades": "[1, 2, 3]",
      ], source: .default)
    #expect(values[Self.maintenance] == true)
    #expect(values[Self.message] == "Closed until 10:00")
    #expect(values[Self.goal] == 12.5)
    #expect(values[Self.count] == 7)
    #expect(values[Self.grades] == [1, 2, 3])
    #expect(values.resolve(Self.grades).source == .default)
  }

  @Test(
    "a value that does not decode reads the default with a diagnostic naming key and value",
    arguments: [
      (
        "isUnderMaintenance", "maybe",
        #"key 'isUnderMaintenance': "maybe" is not a boolean; using the default false"#
      ),
      ("daily_goal", "ten", #"key 'daily_goal': "ten" is not a number; using the default 10"#),
      ("image_count", "2.5", #"key 'image_count': "2.5" is not an integer; using the default 3"#),
    ])
  func malformedReadsDefault(key: String, raw: String, message: String) {
    let values = InMemoryConfigValues([key: raw])
    let diagnostics = [
      values.resolve(Self.maintenance).diagnostic, values.resolve(Self.goal).diagnostic,
      values.resolve(Self.count).diagnostic,
    ].compactMap { $0 }
    #expect(diagnostics == [.diagnostic(message)])
    #expect(values[Self.maintenance] == false)
    #expect(values[Self.goal] == 10)
    #expect(values[Self.count] == 3)
  }

  @Test("a malformed JSON value reads the default and the diagnostic says where")
  func malformedJSON() {
    let values = InMemoryConfigValues(["supported_grades": #"[1, "two"]"#])
    let resolved = values.resolve(Self.grades)
    #expect(resolved.value == [1])
    #expect(resolved.source == .static)
    let message = resolved.diagnostic?.message ?? ""
    #expect(message.hasPrefix(#"key 'supported_grades': "[1, "two"]" is not JSON for Array<Int>"#))
    #expect(message.contains("at '[1]'"))
    #expect(message.hasSuffix("using the default [1]"))
  }

  @Test(
    "defaults are exported as template strings of the declared type",
    arguments: [
      (maintenance.erased, ConfigValueType.boolean, "false"),
      (message.erased, .string, "Back soon"),
      (goal.erased, .number, "10"),
      (ConfigKey<Double>("ratio", default: 0.25).erased, .number, "0.25"),
      (count.erased, .number, "3"),
      (grades.erased, .json, "[1]"),
    ])
  func exportedDefaults(key: AnyConfigKey, type: ConfigValueType, raw: String) throws {
    #expect(key.valueType == type)
    #expect(key.defaultRawValue == raw)
    // The exported default must read back as a valid value of the key.
    try key.validate(ConfigValue(key: key.name, rawValue: raw, source: .default))
  }

  struct Window: Codable, Equatable {
    let name: String
    let opensAt: Date
  }

  @Test("JSON keys export sorted keys and ISO-8601 dates that read back")
  func jsonDefaultsRoundTrip() throws {
    let window = Window(name: "spring", opensAt: Date(timeIntervalSince1970: 1_743_465_600))
    let key = ConfigKey<Window>(json: "window", default: window)
    #expect(key.defaultRawValue == #"{"name":"spring","opensAt":"2025-04-01T00:00:00Z"}"#)
    let values = InMemoryConfigValues(["window": key.defaultRawValue])
    #expect(values.resolve(key) == ResolvedValue(value: window, source: .remote, diagnostic: nil))
  }

  @Test("erased keys validate values like the typed key decodes them")
  func erasedValidation() {
    let erased = Self.maintenance.erased
    #expect(erased.name == "isUnderMaintenance")
    #expect(erased.description == "Shows the maintenance screen.")
    #expect(throws: ConfigValueError.self) {
      try erased.validate(ConfigValue(key: "isUnderMaintenance", rawValue: "2", source: .remote))
    }
  }

  @Test("the string subscript returns an empty static value for unknown keys")
  func unknownKeys() {
    let values = InMemoryConfigValues(["a": "1"])
    #expect(values["b"] == ConfigValue.missing(key: "b"))
    #expect(values["a"].rawValue == "1")
    #expect(values.keys == ["a"])
  }
}
