import Core
import RootRouting

extension RouteExpectation {
  /// Reads a `check` line: `{"name": "...", "scenario": <a route --scenarios line>,
  /// "expect": {"screen": "...", "orientations": [...], "values": {"key": "value"}}}`, each
  /// part of `expect` optional but at least one given; or, instead of `scenario`, `"events":
  /// [<root's events>]` with the scenario's `"app"` and `"device"` beside it. `screens` are
  /// the names a screen can have, so a misspelt one is this line's error rather than a
  /// failure on every run.
  init(json object: JSONObject, screens: [String]) throws(LineError) {
    let fields = try JSONFields(
      object, allowed: ["name", "scenario", "events", "app", "device", "expect"])
    guard let name = try fields.string("name") else {
      throw LineError("field 'name': required, the expectation's name in the output")
    }
    let subject = try Self.subject(fields)
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
      name: name, subject: subject, screen: screen, orientations: orientations,
      values: values)
  }

  /// The line's `scenario`, or its `events` with the `app` and `device` they run on.
  private static func subject(_ fields: JSONFields) throws(LineError) -> Subject {
    guard let events = fields.member("events") else {
      guard case .object(let scenario)? = fields.member("scenario") else {
        throw LineError(
          "field 'scenario': required (or 'events'), a route --scenarios line"
            + (fields.member("scenario").map { ", found \($0.kindDescription)" } ?? ""))
      }
      if let other = ["app", "device"].first(where: { fields.member($0) != nil }) {
        throw LineError("field '\(other)': belongs in the scenario, or beside 'events'")
      }
      do {
        return .scenario(try RouteScenario(json: scenario))
      } catch {
        throw LineError("field 'scenario': \(error)")
      }
    }
    guard fields.member("scenario") == nil else {
      throw LineError("fields 'scenario' and 'events': give one, not both")
    }
    guard case .array(let elements) = events, !elements.isEmpty else {
      throw LineError(
        "field 'events': expected a list of at least one of root's events, found "
          + events.kindDescription)
    }
    var parsed: [RootTranscriptEvent] = []
    for (index, element) in elements.enumerated() {
      guard case .object(let event) = element else {
        throw LineError(
          "field 'events[\(index)]': expected an event object, found \(element.kindDescription)")
      }
      parsed.append(try RootTranscriptEvent(json: event, path: "events[\(index)]."))
    }
    // The app and the device as a scenario line gives them, with its defaults.
    var device = JSONObject()
    for name in ["app", "device"] {
      if let member = fields.member(name) { device[name] = member }
    }
    let scenario = try RouteScenario(json: device)
    return .events(parsed, appVersion: scenario.appVersion, idiom: scenario.idiom)
  }
}
