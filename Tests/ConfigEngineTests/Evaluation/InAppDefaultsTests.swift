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
}
