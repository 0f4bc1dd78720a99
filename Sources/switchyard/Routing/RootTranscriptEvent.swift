import Core
import RootRouting

/// One line of a `root` transcript: what happened to the app, as the command reads it. The
/// answers to the runtime's own work (`configActivated`, `configFetchFailed`,
/// `loadingTimedOut`, `sessionRestored`, `profileLoaded`, `profileFailed`) answer the effect
/// the runtime started; the rest are what the app observes and sends.
enum RootTranscriptEvent: Sendable, Hashable {
  /// The app launched; `cachedConfig`: the template's values were cached by an earlier run.
  case appLaunched(cachedConfig: Bool)
  /// The fetch activated the template's values.
  case configActivated
  /// The fetch failed, for the reason given.
  case configFetchFailed(reason: String)
  /// Another template's values were activated (real-time, a refresh); its path as written
  /// on the line, relative to the events file.
  case configUpdated(template: String)
  case loadingTimedOut
  case sessionRestored(UserID?)
  case signedIn(UserID)
  case signedOut
  case sessionExpired
  case profileLoaded(UserProfile, user: UserID)
  case profileFailed(reason: String, user: UserID)
  case appBecameActive
  case featureBecameBusy
  case featureBecameIdle
  case storeLinkTapped

  /// Each event's name and the fields it takes besides `event`: a public interface.
  static let fields: KeyValuePairs<String, [String]> = [
    "appLaunched": ["cachedConfig"],
    "configActivated": [],
    "configFetchFailed": ["reason"],
    "configUpdated": ["template"],
    "loadingTimedOut": [],
    "sessionRestored": ["user"],
    "signedIn": ["user"],
    "signedOut": [],
    "sessionExpired": [],
    "profileLoaded": ["user", "profile"],
    "profileFailed": ["user", "reason"],
    "appBecameActive": [],
    "featureBecameBusy": [],
    "featureBecameIdle": [],
    "storeLinkTapped": [],
  ]

  /// Reads an event line, e.g. `{"event": "signedIn", "user": "u1"}`; every field an event
  /// takes is required, but `sessionRestored`'s `user` (null or absent: no one) and
  /// `configFetchFailed`'s and `profileFailed`'s `reason`.
  /// `path` prefixes the fields' names in errors (`events[2].`).
  init(json object: JSONObject, path: String = "") throws(LineError) {
    let names = Self.fields.map(\.key)
    guard case .string(let name)? = object["event"],
      let allowed = Self.fields.first(where: { $0.key == name })?.value
    else {
      let found = object["event"].map { "found \($0.jsonText)" } ?? "it is missing"
      throw LineError(
        "field '\(path)event': expected one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")), "
          + Excerpt.line(found, length: 80))
    }
    try self.init(
      name, fields: try JSONFields(object, allowed: ["event"] + allowed, path: path))
  }

  private init(_ name: String, fields: JSONFields) throws(LineError) {
    func user() throws(LineError) -> UserID {
      guard let user = try fields.string("user") else { throw fields.failure("user", "missing") }
      guard !user.isEmpty else { throw fields.failure("user", "expected a user id, found \"\"") }
      return UserID(rawValue: user)
    }
    let reason = try fields.string("reason") ?? "no reason given"
    switch name {
    case "appLaunched":
      guard let cached = try fields.bool("cachedConfig") else {
        throw fields.failure("cachedConfig", "missing; expected true or false")
      }
      self = .appLaunched(cachedConfig: cached)
    case "configActivated": self = .configActivated
    case "configFetchFailed": self = .configFetchFailed(reason: reason)
    case "configUpdated":
      guard let template = try fields.string("template"), !template.isEmpty else {
        throw fields.failure("template", "missing; expected the path of a template file")
      }
      self = .configUpdated(template: template)
    case "loadingTimedOut": self = .loadingTimedOut
    case "sessionRestored":
      self = .sessionRestored(fields.member("user") == nil ? nil : try user())
    case "signedIn": self = .signedIn(try user())
    case "signedOut": self = .signedOut
    case "sessionExpired": self = .sessionExpired
    case "profileLoaded":
      let user = try user()
      guard let profile = try fields.profile("profile") else {
        throw fields.failure("profile", "missing; expected {\"stage\", \"year\", \"feature\"}")
      }
      self = .profileLoaded(profile, user: user)
    case "profileFailed": self = .profileFailed(reason: reason, user: try user())
    case "appBecameActive": self = .appBecameActive
    case "featureBecameBusy": self = .featureBecameBusy
    case "featureBecameIdle": self = .featureBecameIdle
    default: self = .storeLinkTapped
    }
  }

  /// Whether the event answers work the runtime started (so it never starts more than it
  /// ends).
  var isAnswer: Bool {
    switch self {
    case .configActivated, .configFetchFailed, .loadingTimedOut, .sessionRestored,
      .profileLoaded, .profileFailed:
      true
    case .appLaunched, .configUpdated, .signedIn, .signedOut, .sessionExpired, .appBecameActive,
      .featureBecameBusy, .featureBecameIdle, .storeLinkTapped:
      false
    }
  }

  /// The event in words, for `--explain`: its name and what it carries.
  var description: String {
    switch self {
    case .appLaunched(let cached):
      "appLaunched (" + (cached ? "the template's values cached" : "nothing cached") + ")"
    case .configActivated: "configActivated"
    case .configFetchFailed(let reason): "configFetchFailed: \(reason)"
    case .configUpdated(let template): "configUpdated from \(template)"
    case .loadingTimedOut: "loadingTimedOut"
    case .sessionRestored(let user): "sessionRestored: \(user?.rawValue ?? "no one")"
    case .signedIn(let user): "signedIn: \(user)"
    case .signedOut: "signedOut"
    case .sessionExpired: "sessionExpired"
    case .profileLoaded(let profile, let user):
      "profileLoaded: \(user), \(profile.grade)"
        + (profile.assignedFeature.map { ", assigned \($0.rawValue)" } ?? "")
    case .profileFailed(let reason, let user): "profileFailed: \(user), \(reason)"
    case .appBecameActive: "appBecameActive"
    case .featureBecameBusy: "featureBecameBusy"
    case .featureBecameIdle: "featureBecameIdle"
    case .storeLinkTapped: "storeLinkTapped"
    }
  }
}
