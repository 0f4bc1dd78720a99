import ConfigEngine
import Core
import Testing

@Suite("InAppDefaults")
struct InAppDefaultsTests {
  @Test(
    "a flat object of strings, numbers and Booleans; numbers and Booleans keep their JSON spelling")
  func flatObject() throws {
    let defaults = try InAppDefaults(
      json: JSONParser().parse(#"{"s": "x", "n": 1.50, "e": 1e3, "b": true, "j": {"a": [1]}}"#))
    #expect(
      defaults.values == ["s": "x", "n": "1.50", "e": "1e3", "b": "true", "j": #"{"a":[1]}"#])
  }

  @Test("null values and non-objects are errors naming the key")
  func errors() throws {
    #expect(
      throws: DefaultsError(
        key: "x", message: "null is not a default; remove the key or give a value")
    ) {
      try InAppDefaults(json: JSONParser().parse(#"{"x": null}"#))
    }
    #expect(throws: DefaultsError.self) { try InAppDefaults(json: JSONParser().parse("[]")) }
  }

  @Test("each JSON value's kind is its type: strings, numbers, Booleans, and JSON for the rest")
  func typesFromJSON() throws {
    let defaults = try InAppDefaults(
      json: JSONParser().parse(#"{"s": "1", "n": 1.50, "b": true, "a": [1], "o": {}}"#))
    #expect(
      defaults.valueTypes == ["s": .string, "n": .number, "b": .boolean, "a": .json, "o": .json])
    #expect(defaults.valueType(forKey: "n") == .number)
    #expect(defaults.valueType(forKey: "missing") == nil)
  }

  @Test("pairs carry the types given, only for keys that have a value")
  func typesGiven() {
    let defaults = InAppDefaults(["a": "1"], valueTypes: ["a": .number, "gone": .boolean])
    #expect(defaults.valueTypes == ["a": .number])
    #expect(InAppDefaults(["a": "1"]).valueType(forKey: "a") == nil)
    // Types only for keys without a value leave the defaults equal to the same values
    // given no types at all.
    #expect(InAppDefaults(["a": "1"], valueTypes: ["gone": .boolean]) == InAppDefaults(["a": "1"]))
  }
}
