import Core

/// A value of the evaluation context that a condition can test.
public enum Signal: Sendable, Hashable {
  /// `app.customSignal['key']` or a server template's `customSignalKey`.
  case customSignal(String)
  /// `app.userProperty['key']`: an analytics user property.
  case userProperty(String)
  /// `app.id`: the app's identifier.
  case appID
  /// `app.version`: the marketing version, e.g. `2.3.0`.
  case appVersion
  /// `app.build`: the build number.
  case appBuild
  /// `device.os`: `ios`, `android`, ...
  case platform
  /// `device.country`: an ISO 3166-1 region code.
  case country
  /// `device.language`: a language tag.
  case language
  /// `app.firebaseInstallationId`.
  case installationID
  /// `app.audiences`: the audiences the user belongs to.
  case audiences
  /// `app.firstOpenTimestamp`: when the app was first opened.
  case firstOpenTime
  /// `dateTime`: the evaluation time.
  case evaluationTime
}

extension Signal: CustomStringConvertible {
  /// The signal as messages name it, e.g. `customSignal 'grade'`, with a long key cut as
  /// Core's `Excerpt` cuts every value a message repeats.
  public var description: String {
    switch self {
    case .customSignal(let key): "customSignal \(Excerpt.quoted(key))"
    case .userProperty(let key): "userProperty \(Excerpt.quoted(key))"
    case .appID: "app.id"
    case .appVersion: "app.version"
    case .appBuild: "app.build"
    case .platform: "device.os"
    case .country: "device.country"
    case .language: "device.language"
    case .installationID: "app.firebaseInstallationId"
    case .audiences: "app.audiences"
    case .firstOpenTime: "app.firstOpenTimestamp"
    case .evaluationTime: "dateTime"
    }
  }
}
