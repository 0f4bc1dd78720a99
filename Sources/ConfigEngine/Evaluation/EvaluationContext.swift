import Core
public import Foundation

/// Everything a condition can test about one user, device and moment. Apps set one on the
/// client; servers build one per request. Every field is optional: a condition that reads a
/// missing signal is false (the negative operators included).
public struct EvaluationContext: Sendable, Hashable {
  /// The id percent conditions hash; without one every percent condition is false.
  public var randomizationID: String?
  /// Custom signals by key (`app.customSignal['k']`, server `customSignal` conditions).
  public var customSignals: [String: CustomSignalValue]
  /// `app.id`.
  public var appID: String?
  /// `app.version`, e.g. `2.3.0`.
  public var appVersion: String?
  /// `app.build`.
  public var appBuild: String?
  /// `device.os`, e.g. `ios`.
  public var platform: String?
  /// `device.country`, e.g. `JP`.
  public var country: String?
  /// `device.language`, e.g. `ja`.
  public var language: String?
  /// Analytics user properties (`app.userProperty['k']`).
  public var userProperties: [String: String]
  /// The audiences the user belongs to; nil when unknown (audience conditions are then false).
  public var audiences: Set<String>?
  /// `app.firebaseInstallationId`.
  public var installationID: String?
  /// `app.firstOpenTimestamp`.
  public var firstOpenTime: Date?
  /// The evaluation time for `dateTime` conditions; nil means "now" from the time source.
  public var now: Date?

  /// Creates a context; every field defaults to absent.
  public init(
    randomizationID: String? = nil, customSignals: [String: CustomSignalValue] = [:],
    appID: String? = nil, appVersion: String? = nil, appBuild: String? = nil,
    platform: String? = nil, country: String? = nil, language: String? = nil,
    userProperties: [String: String] = [:], audiences: Set<String>? = nil,
    installationID: String? = nil, firstOpenTime: Date? = nil, now: Date? = nil
  ) {
    self.randomizationID = randomizationID
    self.customSignals = customSignals
    self.appID = appID
    self.appVersion = appVersion
    self.appBuild = appBuild
    self.platform = platform
    self.country = country
    self.language = language
    self.userProperties = userProperties
    self.audiences = audiences
    self.installationID = installationID
    self.firstOpenTime = firstOpenTime
    self.now = now
  }
}
