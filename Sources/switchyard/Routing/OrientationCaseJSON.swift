import Core
import RootRouting

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
    let fields = try JSONFields(object, allowed: fields)
    return OrientationScenario(
      idiom: try fields.choice("idiom", DeviceIdiom.self) ?? .phone,
      osMajorVersion: try fields.integer("os", in: 1...999, expected: "a major version such as 17")
        ?? 17,
      plist: try fields.orientations("plist"),
      plistPad: try fields.orientations("plistPad"),
      requiresFullScreen: try fields.bool("requiresFullScreen") ?? false,
      hasLaunchScreen: try fields.bool("launchScreen") ?? true,
      delegateMask: try fields.orientations("delegate"),
      featureMask: try fields.orientations("feature"),
      hasHomeButton: try fields.bool("homeButton") ?? false,
      windowing: try fields.choice("windowing", WindowingMode.self) ?? .fullScreen)
  }

  /// The answer line: `effective`, `enforcement`, `crash`, `appStoreRejects`,
  /// `diagnostics`, in that order.
  static func write(_ decision: OrientationDecision, into writer: inout JSONTextWriter) {
    writer.writeRaw(#"{"effective":"#)
    writer.writeStrings(decision.effective.shortNames)
    writer.writeRaw(#","enforcement":"#)
    writer.writeString(decision.enforcement.rawValue)
    writer.writeRaw(decision.crashes ? #","crash":true"# : #","crash":false"#)
    writer.writeRaw(
      decision.appStoreRejects ? #","appStoreRejects":true"# : #","appStoreRejects":false"#)
    writer.writeRaw(#","diagnostics":"#)
    writer.writeStrings(decision.diagnostics.lazy.map(\.message))
    writer.writeByte(UInt8(ascii: "}"))
  }
}
