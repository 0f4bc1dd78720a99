import ConfigEngine
import Core
import RootRouting

extension RouteScenario {
  /// The scenario fields `route --scenarios` reads: a public interface.
  static let fields = ["config", "session", "profile", "app", "device", "context"]

  /// Reads a scenario line:
  /// `{"config": "ready"|"none", "session": "unknown"|"signedOut"|"signedIn",
  /// "profile": null | {"stage", "year", "feature": null|"..."}, "app": {"version"},
  /// "device": {"idiom": "phone"|"pad"}, "context": {...}}`. Absent fields: `config` ready,
  /// `session` signedIn when a profile is given else signedOut, `app.version` 2.3.0,
  /// `device.idiom` phone, an empty context.
  init(json object: JSONObject) throws(LineError) {
    let fields = try JSONFields(object, allowed: Self.fields)
    let profile = try fields.profile("profile").map(ProfileStatus.loaded) ?? .notLoaded
    let configMode = try fields.string("config") ?? "ready"
    guard configMode == "ready" || configMode == "none" else {
      throw LineError(#"field 'config': expected "ready" or "none", found "\#(configMode)""#)
    }
    var appVersion = Self.defaultAppVersion
    if let app = try fields.object("app", allowed: ["version"]),
      let text = try app.string("version")
    {
      do {
        appVersion = try SemanticVersion(parsing: text)
      } catch {
        throw LineError("field 'app.version': \(error)")
      }
    }
    let device = try fields.object("device", allowed: ["idiom"])
    var context = EvaluationContext()
    if case .object(let contextObject)? = fields.member("context") {
      do {
        context = try EvaluationContext(json: contextObject)
      } catch {
        throw LineError("\(error)")
      }
    } else if let other = fields.member("context") {
      throw LineError("field 'context': expected an object, found \(other.kindDescription)")
    }
    let session: SessionStatus
    if let named = try fields.choice("session", SessionStatus.self) {
      session = named
    } else {
      session = profile == .notLoaded ? .signedOut : .signedIn
    }
    self.init(
      configAvailable: configMode == "ready", session: session, profile: profile,
      appVersion: appVersion, idiom: try device?.choice("idiom", DeviceIdiom.self) ?? .phone,
      context: context)
  }
}
