/// The part of a Firebase app's configuration Google refused, as far as its answer tells:
/// what a person must check.
public enum FirebaseAppConfigurationPart: String, Sendable, Equatable, CaseIterable,
  CustomStringConvertible
{
  /// The API key: wrong, of another project, or restricted so that it may not call the API.
  case apiKey
  /// The app id: not one of the project's apps.
  case appID
  /// The project: not found, or the API not enabled in it.
  case project

  /// `the API key`, `the app id`, `the project`.
  public var description: String {
    switch self {
    case .apiKey: "the API key"
    case .appID: "the app id"
    case .project: "the project"
    }
  }

  /// What to check, for a person, when Google refused `part` (nil: it could not tell which).
  static func hint(for part: FirebaseAppConfigurationPart?, api: String) -> String {
    switch part {
    case .apiKey?:
      "check the API key: it must be the app's own (API_KEY in GoogleService-Info.plist,"
        + " current_key in google-services.json), of the same Firebase project as the app id,"
        + " and its restrictions must allow the \(api) and this app's bundle id or package name"
    case .appID?:
      "check the app id: it must be the app's GOOGLE_APP_ID (mobilesdk_app_id),"
        + " 1:<project number>:<platform>:<hex>, of an app registered in the project"
    case .project?:
      "check the project: it must be the project the app id and the API key belong to (its id"
        + " or number), with the \(api) enabled"
    case nil:
      "check the API key, the app id and the project: all three must belong to the same"
        + " Firebase project, and the API key's restrictions must allow the \(api)"
    }
  }

  /// The part Google's answer points at, read from its message and reason (`API key not
  /// valid`, `API_KEY_INVALID`, `Invalid app id`, `Project not found`, a `SERVICE_DISABLED`
  /// reason naming the project), or the status alone (404 on registration: the project); nil
  /// when it does not say.
  static func suspect(_ error: GoogleAPIError) -> FirebaseAppConfigurationPart? {
    let text = (error.message + " " + (error.reason ?? "")).lowercased()
    if text.contains("api key") || text.contains("api_key") || text.contains("apikey") {
      return .apiKey
    }
    if text.contains("app id") || text.contains("appid") || text.contains("app_id")
      || text.contains("application id")
    {
      return .appID
    }
    if text.contains("project") || text.contains("service_disabled") || error.httpStatus == 404 {
      return .project
    }
    return nil
  }
}
