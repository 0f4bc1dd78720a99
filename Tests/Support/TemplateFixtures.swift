import Core

/// Templates for the tests: the fixtures in `Tests/ConfigEngineTests/Fixtures`, read by path
/// (they are not bundle resources), and small versioned templates built from values.
public enum TemplateFixtures {
  /// The text of fixture `name`, e.g. `client-template.json`.
  public static func text(_ name: String) throws -> String {
    try SourceTree.text("Tests/ConfigEngineTests/Fixtures/\(name)")
  }

  /// A client-format template: `values` as parameter defaults, `paidValues` as conditional
  /// values under the condition `paid` (custom signal `tier` is `paid`), and the version.
  public static func template(
    version: Int? = 1, _ values: [String: String], paidValues: [String: String] = [:]
  ) -> String {
    var parameters = JSONObject()
    for key in Set(values.keys).union(paidValues.keys).sorted() {
      var parameter = JSONObject()
      parameter["defaultValue"] =
        values[key].map { ["value": .string($0)] } ?? ["useInAppDefault": true]
      if let paid = paidValues[key] {
        parameter["conditionalValues"] = ["paid": ["value": .string(paid)]]
      }
      parameters[key] = .object(parameter)
    }
    var template = JSONObject()
    if !paidValues.isEmpty {
      template["conditions"] = [
        ["name": "paid", "expression": "app.customSignal['tier'].exactlyMatches(['paid'])"]
      ]
    }
    template["parameters"] = .object(parameters)
    if let version {
      template["version"] = ["versionNumber": .string(String(version))]
    }
    return JSONValue.object(template).jsonText
  }

  /// A template whose every key `key_0...key_<count-1>` holds `v<version>`: a reader that
  /// sees two markers in one snapshot saw a torn config.
  public static func markedTemplate(version: Int, keys count: Int) -> String {
    var values: [String: String] = [:]
    for index in 0..<count { values["key_\(index)"] = "v\(version)" }
    return template(version: version, values)
  }
}
