import Core

/// Reads the typed fields of one JSON-lines input object with errors that name the field
/// (`field 'profile.year': ...`), rejecting unknown fields so a typo never silently falls
/// back to a default. `null` counts as absent.
struct JSONFields {
  private let object: JSONObject
  private let path: String

  /// Fields of `object`, which may hold only `allowed` names; `path` prefixes nested names.
  init(_ object: JSONObject, allowed: [String], path: String = "") throws(LineError) {
    if let unknown = object.keys.first(where: { !allowed.contains($0) }) {
      throw LineError(
        "unknown field '\(path)\(unknown)'; expected one of \(allowed.joined(separator: ", "))")
    }
    self.object = object
    self.path = path
  }

  /// The error for the member `name`: `field 'path.name': message`.
  func failure(_ name: String, _ message: String) -> LineError {
    LineError("field '\(path)\(name)': \(message)")
  }

  /// The raw member, or nil when absent or `null`.
  func member(_ name: String) -> JSONValue? {
    guard let value = object[name], !value.isNull else { return nil }
    return value
  }

  /// A Boolean member.
  func bool(_ name: String) throws(LineError) -> Bool? {
    guard let value = member(name) else { return nil }
    guard case .bool(let flag) = value else {
      throw failure(name, "expected true or false, found \(value.kindDescription)")
    }
    return flag
  }

  /// A string member.
  func string(_ name: String) throws(LineError) -> String? {
    guard let value = member(name) else { return nil }
    guard case .string(let text) = value else {
      throw failure(name, "expected a string, found \(value.kindDescription)")
    }
    return text
  }

  /// An integer member within `range`; `expected` says what it is, e.g. `a year such as 2`.
  func integer(_ name: String, in range: ClosedRange<Int>, expected: String) throws(LineError)
    -> Int?
  {
    guard let value = member(name) else { return nil }
    guard case .number(let number) = value, let integer = number.intValue, range.contains(integer)
    else {
      throw failure(name, "expected \(expected), found \(value.jsonText)")
    }
    return integer
  }

  /// A member that names one of `Choice`'s cases.
  func choice<Choice: RawRepresentable & CaseIterable>(
    _ name: String, _ type: Choice.Type
  ) throws(LineError) -> Choice? where Choice.RawValue == String {
    guard let value = member(name) else { return nil }
    guard case .string(let text) = value, let choice = Choice(rawValue: text) else {
      let names = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw failure(name, "expected one of \(names), found \(value.jsonText)")
    }
    return choice
  }

  /// A nested object member, itself limited to `allowed` fields.
  func object(_ name: String, allowed: [String]) throws(LineError) -> JSONFields? {
    guard let value = member(name) else { return nil }
    guard case .object(let nested) = value else {
      throw failure(name, "expected an object, found \(value.kindDescription)")
    }
    return try JSONFields(nested, allowed: allowed, path: "\(path)\(name).")
  }

  /// A list of orientation names (short or Info.plist).
  func orientations(_ name: String) throws(LineError) -> OrientationMask? {
    guard let value = member(name) else { return nil }
    guard case .array(let elements) = value else {
      throw failure(name, "expected a list of orientations, found \(value.kindDescription)")
    }
    var names: [String] = []
    for (index, element) in elements.enumerated() {
      guard case .string(let text) = element else {
        throw failure(
          name, "expected orientation names, found \(element.kindDescription) at index \(index)")
      }
      names.append(text)
    }
    do {
      return try OrientationMask(names: names)
    } catch {
      throw failure(name, "\(error)")
    }
  }
}
