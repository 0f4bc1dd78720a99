import Core
import RootRouting

extension ToolCommand {
  /// `switchyard orientation`: predicts, for each JSON line describing an app, a device and
  /// a feature, which orientations UIKit allows.
  static let orientation = ToolCommand(
    name: "orientation",
    summary: "Predict UIKit's effective orientations for each JSON-lines case.",
    synopsis: "switchyard orientation --input O.jsonl",
    options: [.value("--input", "O.jsonl", "The cases, one JSON object per line ('-' = stdin).")]
  ) { arguments, io in
    let lines = try JSONLinesInput.lines(at: try arguments.required("--input"), io: io)
    return JSONLinesInput.answer(lines, io: io) { object, _ in
      OrientationCaseJSON.answer(OrientationPolicy.decide(try OrientationCaseJSON.scenario(object)))
    }
  }
}

/// The `orientation` command's JSON: the input fields (a public interface) and the answer.
///
/// Input, every field optional (`null` = absent): `idiom` (`phone`, `pad`; default phone),
/// `os` (integer, default 17), `plist` and `plistPad` (orientation lists; absent = the
/// platform default), `requiresFullScreen` (default false), `launchScreen` (default true),
/// `delegate` (orientation list; absent = not implemented), `feature` (orientation list;
/// absent = the platform default), `homeButton` (default false), `windowing`
/// (`fullScreen`, `resizable`, `mirroring`; default fullScreen). Orientations are short
/// names (`portrait`, `portraitUpsideDown`, `landscapeLeft`, `landscapeRight`).
enum OrientationCaseJSON {
  static let fields = [
    "idiom", "os", "plist", "plistPad", "requiresFullScreen", "launchScreen", "delegate",
    "feature", "homeButton", "windowing",
  ]

  /// Reads one case; the error names the field at fault.
  static func scenario(_ object: JSONObject) throws(LineError) -> OrientationScenario {
    if let unknown = object.keys.first(where: { !fields.contains($0) }) {
      throw LineError(
        "unknown field '\(unknown)'; expected one of \(fields.joined(separator: ", "))")
    }
    let idiom = try choice("idiom", in: object, DeviceIdiom.self) ?? .phone
    return OrientationScenario(
      idiom: idiom,
      osMajorVersion: try osVersion(in: object) ?? 17,
      plist: try mask("plist", in: object),
      plistPad: try mask("plistPad", in: object),
      requiresFullScreen: try bool("requiresFullScreen", in: object) ?? false,
      hasLaunchScreen: try bool("launchScreen", in: object) ?? true,
      delegateMask: try mask("delegate", in: object),
      featureMask: try mask("feature", in: object),
      hasHomeButton: try bool("homeButton", in: object) ?? false,
      windowing: try choice("windowing", in: object, WindowingMode.self) ?? .fullScreen)
  }

  /// The answer line: `effective`, `enforcement`, `crash`, `appStoreRejects`,
  /// `diagnostics`, in that order.
  static func answer(_ decision: OrientationDecision) -> JSONValue {
    [
      "effective": .array(decision.effective.shortNames.map(JSONValue.string)),
      "enforcement": .string(decision.enforcement.rawValue),
      "crash": .bool(decision.crashes),
      "appStoreRejects": .bool(decision.appStoreRejects),
      "diagnostics": .array(decision.diagnostics.map(JSONValue.string)),
    ]
  }

  /// The member, or nil when it is absent or `null`.
  private static func member(_ name: String, in object: JSONObject) -> JSONValue? {
    guard let value = object[name], !value.isNull else { return nil }
    return value
  }

  private static func bool(_ name: String, in object: JSONObject) throws(LineError) -> Bool? {
    guard let value = member(name, in: object) else { return nil }
    guard case .bool(let flag) = value else {
      throw LineError("field '\(name)': expected true or false, found \(value.kindDescription)")
    }
    return flag
  }

  private static func osVersion(in object: JSONObject) throws(LineError) -> Int? {
    guard let value = member("os", in: object) else { return nil }
    guard case .number(let number) = value, let version = number.intValue,
      (1...999).contains(version)
    else {
      throw LineError("field 'os': expected a major version such as 17, found \(value.jsonText)")
    }
    return version
  }

  private static func choice<Choice: RawRepresentable & CaseIterable>(
    _ name: String, in object: JSONObject, _ type: Choice.Type
  ) throws(LineError) -> Choice? where Choice.RawValue == String {
    guard let value = member(name, in: object) else { return nil }
    guard case .string(let text) = value, let choice = Choice(rawValue: text) else {
      let names = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw LineError("field '\(name)': expected one of \(names), found \(value.jsonText)")
    }
    return choice
  }

  private static func mask(
    _ name: String, in object: JSONObject
  ) throws(LineError) -> OrientationMask? {
    guard let value = member(name, in: object) else { return nil }
    guard case .array(let elements) = value else {
      throw LineError(
        "field '\(name)': expected a list of orientations, found \(value.kindDescription)")
    }
    var names: [String] = []
    for (index, element) in elements.enumerated() {
      guard case .string(let text) = element else {
        throw LineError(
          "field '\(name)': expected orientation names, found \(element.kindDescription) "
            + "at index \(index)")
      }
      names.append(text)
    }
    do {
      return try OrientationMask(names: names)
    } catch {
      throw LineError("field '\(name)': \(error)")
    }
  }
}
