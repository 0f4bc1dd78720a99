import Core
import RootRouting

extension RouteExpectation {
  /// Reads a `check` line: `{"name": "...", "scenario": <a route --scenarios line>,
  /// "expect": {"screen": "...", "orientations": [...], "values": {"key": "value"}}}`, each
  /// part of `expect` optional but at least one given. `screens` are the names a screen can
  /// have, so a misspelt one is this line's error rather than a failure on every run.
  init(json object: JSONObject, screens: [String]) throws(LineError) {
    let fields = try JSONFields(object, allowed: ["name", "scenario", "expect"])
    guard let name = try fields.string("name") else {
      throw LineError("field 'name': required, the expectation's name in the output")
    }
    guard case .object(let scenario)? = fields.member("scenario") else {
      throw LineError(
        "field 'scenario': required, a route --scenarios line"
          + (fields.member("scenario").map { ", found \($0.kindDescription)" } ?? ""))
    }
    let routed: RouteScenario
    do {
      routed = try RouteScenario(json: scenario)
    } catch {
      throw LineError("field 'scenario': \(error)")
    }
    guard let expect = try fields.object("expect", allowed: ["screen", "orientations", "values"])
    else {
      throw LineError("field 'expect': required, what the route and values must be")
    }
    let screen = try expect.string("screen")
    if let screen, !screens.contains(screen) {
      throw LineError(
        "field 'expect.screen': expected one of \(screens.joined(separator: ", ")), found "
          + Excerpt.quoted(screen))
    }
    var values: [(key: String, value: String)] = []
    if let member = expect.member("values") {
      guard case .object(let expected) = member else {
        throw LineError(
          "field 'expect.values': expected an object, found \(member.kindDescription)")
      }
      for (key, value) in expected {
        guard case .string(let text) = value else {
          throw LineError(
            "field 'expect.values.\(Excerpt.of(key))': expected a string (values are strings:"
              + " write \(JSONValue.string(value.jsonText).jsonText)), found \(value.kindDescription)"
          )
        }
        values.append((key, text))
      }
    }
    let orientations = try expect.orientations("orientations")
    guard screen != nil || orientations != nil || !values.isEmpty else {
      throw LineError("field 'expect': expects nothing; give screen, orientations or values")
    }
    self.init(
      name: name, scenario: routed, screen: screen, orientations: orientations,
      values: values)
  }
}
