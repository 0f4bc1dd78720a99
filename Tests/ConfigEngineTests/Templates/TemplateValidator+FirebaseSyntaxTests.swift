import ConfigEngine
import Core
import Testing

/// Templates written in syntax Firebase does not have, as found in public repositories, are
/// rejected with a message that names the place and says what Firebase expects.
extension TemplateValidatorTests {
  static func clientCondition(_ expression: String) -> String {
    #"{"conditions": [{"name": "c", "expression": "# + JSONValue.string(expression).jsonText
      + #"}], "parameters": {"p": {"conditionalValues": {"c": {"value": "1"}}}}}"#
  }

  @Test(
    "invented syntax is an error that names the place and shows Firebase's form",
    arguments: [
      (
        #"{"parameters": {"p": {"defaultValue": "sk_live_secret"}}}"#,
        "parameters.p.defaultValue",
        #"expected a value object, found a string; Firebase expects {"value": "..."}"#
      ),
      (
        #"{"parameters": {"p": {"defaultValue": 30}}}"#, "parameters.p.defaultValue",
        #"expected a value object, found a number; Firebase expects {"value": "30"}"#
      ),
      (
        #"{"parameters": {"p": {"defaultValue": {"value": true}}}}"#,
        "parameters.p.defaultValue.value",
        #"values are strings, found a boolean; quote it: {"value": "true"}"#
      ),
      (
        #"{"parameters": {"p": {"defaultValue": {"value": {"a": 1}}}}}"#,
        "parameters.p.defaultValue.value",
        #"values are strings, found an object; quote it: {"value": "{...}"}, the JSON written as a string"#
      ),
      (
        #"{"parameters": {"p": {"defaultValue": {"value": [1]}}}}"#,
        "parameters.p.defaultValue.value",
        #"values are strings, found an array; quote it: {"value": "[...]"}, the JSON written as a string"#
      ),
      (
        #"{"parameters": {"p": {"defaultValue": {"value": "1"}}}, "parameterGroups": {"g": {"parameters": ["p"]}}}"#,
        "parameterGroups.g.parameters",
        #"expected an object of parameters by key, as in {"key": {"defaultValue": {"value": "..."}}}, found an array; Firebase has no lists of keys here: a group holds its parameters themselves, and each key is defined once"#
      ),
      (
        #"{"parameters": {"p": {"defaultValue": {"speed": 1.2, "radius": 50, "time": 3, "unit": "m"}, "valueType": "JSON"}}}"#,
        "parameters.p.defaultValue",
        #"expected a value object, found members 'speed', 'radius', 'time', ...; Firebase expects {"value": "..."}, with JSON written as a string: {"value": "{...}"}"#
      ),
      (
        #"{"version": "1"}"#, "version",
        #"expected an object such as {"versionNumber": "42", "description": "..."}, found a string"#
      ),
      (
        clientCondition("user.property('tier') == 'gold'"), "condition 'c', column 1",
        "unknown signal 'user.property'; Firebase's conditions test app.build, app.version,"
          + " app.id, app.audiences, app.firstOpenTimestamp, app.firebaseInstallationId,"
          + " app.userProperty['name'], app.customSignal['name'], device.os, device.country,"
          + " device.language, dateTime, percent, true and false; a user property is"
          + " app.userProperty['name'] and a signal the app sets is app.customSignal['name']"
      ),
      (
        clientCondition("app.instanceId == 'x'"), "condition 'c', column 1",
        "unknown signal 'app.instanceId'; Firebase's 'app.' signals are app.build, app.version,"
          + " app.id, app.audiences, app.firstOpenTimestamp, app.firebaseInstallationId,"
          + " app.userProperty['name'] and app.customSignal['name']"
      ),
      (
        clientCondition("app.userProperty['tier'] == 'premium'"), "condition 'c', column 29",
        "expected a number: '==' compares app.userProperty['tier'] with a number; Firebase"
          + " compares strings with methods, e.g. app.userProperty['tier'].exactlyMatches("
          + "['premium'])"
      ),
    ])
  func inventedSyntax(text: String, location: String, message: String) throws {
    let problems = TemplateValidator().validate(utf8: Array(text.utf8))
    let error = try #require(problems.first { $0.location == location }, "\(problems)")
    #expect(error.severity == .error)
    if message.hasPrefix("unknown signal") {
      // An atom that is no element Switchyard knows: refused, with what was not understood.
      #expect(error.kind == .unknownConditionElement)
      #expect(
        error.message.contains(
          " is not known to this version of Switchyard and is false: \(message); "))
      #expect(
        error.message.hasSuffix("an element newer than this Switchyard needs a newer Switchyard"))
    } else {
      // A known element written wrong is malformed, not newer: no hint about versions.
      #expect(error == TemplateProblem(.error, at: location, message))
    }
    #expect(!problems.description.contains("sk_live_secret"))
  }
}
