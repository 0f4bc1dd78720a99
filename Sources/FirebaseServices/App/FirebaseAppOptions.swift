import Core
public import Foundation

/// A Firebase app as its `GoogleService-Info.plist` or `google-services.json` describes it:
/// what Switchyard needs to be that app wherever Swift runs (installations, the app fetch,
/// the real-time stream).
///
/// The API key is a secret by Switchyard's rules, though Firebase ships it inside apps: it is
/// never in a description, an error or a log (`description` shows `apiKey: redacted`).
///
/// ```swift
/// let options = try FirebaseAppOptions(appID: "1:1234567890:ios:abc123", apiKey: key)
/// options.projectID  // "1234567890": the project number in the app id, as Android reads it
/// ```
public struct FirebaseAppOptions: Sendable, Equatable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// The platform an app id was registered for.
  public enum Platform: String, Sendable, Equatable, CaseIterable {
    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    case ios, android, web
  }

  /// The Google App ID (`GOOGLE_APP_ID`, `mobilesdk_app_id`):
  /// `1:<project number>:<ios|android|web>:<hex>`.
  public let appID: String
  /// The app's Google API key (`API_KEY`, `current_key`). Sent only in `X-Goog-Api-Key`
  /// headers, only over https (or to loopback).
  public let apiKey: String
  /// The project the installations and the fetch address: the one given, else the project
  /// number in `appID` (Android's reading; both name the same project).
  public let projectID: String
  /// The project number in `appID`: the real-time stream's project (as iOS and Android
  /// address it).
  public let projectNumber: String
  /// The platform in `appID`.
  public let platform: Platform
  /// The bundle id or package name (`packageName` in the fetch body); when set, also sent as
  /// `X-Ios-Bundle-Identifier` or `X-Android-Package`, so an API key restricted to the app
  /// accepts the requests.
  public var packageName: String?
  /// The operating system's version (`platformVersion` in the fetch body), e.g. `17.4`.
  public var platformVersion: String?
  /// The IANA time zone sent with each fetch (`timeZone`); the system's unless given.
  public var timeZone: String
  /// The SDK version sent to Firebase (`sdkVersion`); Switchyard's unless given.
  public var sdkVersion: String
  /// Where the Remote Config API is (the app fetch).
  public var remoteConfigEndpoint: FirebaseEndpoint
  /// Where Firebase Installations is.
  public var installationsEndpoint: FirebaseEndpoint
  /// Where the real-time stream is.
  public var realtimeEndpoint: FirebaseEndpoint

  /// The options of the app `appID` with `apiKey`.
  /// - Parameters:
  ///   - projectID: the project id (e.g. `my-app-1a2b3`) or number; the number in `appID`
  ///     when nil.
  ///   - timeZone: an IANA time zone name; `TimeZone.current` unless given.
  ///   - sdkVersion: the version Firebase sees; `SwitchyardVersion.current` unless given.
  /// - Throws: `FirebaseAppOptionsError` naming what is wrong with the app id, the API key or
  ///   the project (never showing the key).
  public init(
    appID: String, apiKey: String, projectID: String? = nil, packageName: String? = nil,
    platformVersion: String? = nil, timeZone: String = TimeZone.current.identifier,
    sdkVersion: String = SwitchyardVersion.current,
    remoteConfigEndpoint: FirebaseEndpoint = .google,
    installationsEndpoint: FirebaseEndpoint = .googleInstallations,
    realtimeEndpoint: FirebaseEndpoint = .googleRealtime
  ) throws(FirebaseAppOptionsError) {
    guard let parsed = Self.parse(appID: appID) else {
      throw FirebaseAppOptionsError(
        "the app id \(Excerpt.quoted(appID)) is not a Firebase app id: expected"
          + " 1:<project number>:<ios|android|web>:<hex>, as GOOGLE_APP_ID in"
          + " GoogleService-Info.plist or mobilesdk_app_id in google-services.json")
    }
    guard !apiKey.isEmpty else {
      throw FirebaseAppOptionsError("the API key is empty: give the app's API key")
    }
    guard apiKey.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
      throw FirebaseAppOptionsError(
        "the API key holds a space, a control character or a character beyond ASCII, which no"
          + " Google API key has (the key is not shown)")
    }
    if let projectID, projectID.isEmpty || projectID.contains(where: \.isWhitespace) {
      throw FirebaseAppOptionsError(
        "the project \(Excerpt.quoted(projectID)) is not a project id or number")
    }
    self.appID = appID
    self.apiKey = apiKey
    self.projectNumber = parsed.projectNumber
    self.platform = parsed.platform
    self.projectID = projectID ?? parsed.projectNumber
    self.packageName = packageName
    self.platformVersion = platformVersion
    self.timeZone = timeZone
    self.sdkVersion = sdkVersion
    self.remoteConfigEndpoint = remoteConfigEndpoint
    self.installationsEndpoint = installationsEndpoint
    self.realtimeEndpoint = realtimeEndpoint
  }

  /// These options with the endpoints `environment` names: `FIREBASE_REMOTE_CONFIG_URL_BASE`,
  /// `SWITCHYARD_FIREBASE_INSTALLATIONS_URL_BASE` and `SWITCHYARD_FIREBASE_REALTIME_URL_BASE`
  /// where set and not empty, Google's hosts otherwise, so an emulator, a proxy or a test can
  /// stand in.
  /// - Throws: `FirebaseEndpointError` naming the variable whose value is not a usable base.
  public func withEndpoints(
    from environment: [String: String]
  ) throws(FirebaseEndpointError) -> FirebaseAppOptions {
    var options = self
    options.remoteConfigEndpoint = try FirebaseEndpoint(.remoteConfig, environment: environment)
    options.installationsEndpoint = try FirebaseEndpoint(.installations, environment: environment)
    options.realtimeEndpoint = try FirebaseEndpoint(.realtime, environment: environment)
    return options
  }

  /// The project number and platform in a Google App ID, by Android's pattern
  /// `^[^:]+:([0-9]+):(android|ios|web):([0-9a-f]+)$`; nil when it does not match.
  static func parse(appID: String) -> (projectNumber: String, platform: Platform)? {
    let parts = appID.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 4, !parts[0].isEmpty,
      !parts[1].isEmpty, parts[1].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      let platform = Platform(rawValue: String(parts[2])),
      !parts[3].isEmpty,
      parts[3].utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
    else { return nil }
    return (String(parts[1]), platform)
  }

  /// `FirebaseAppOptions(appID: 1:..., projectID: ..., apiKey: redacted)`.
  public var description: String {
    "FirebaseAppOptions(appID: \(appID), projectID: \(projectID), apiKey: redacted)"
  }

  /// The same as `description`: the API key stays hidden.
  public var debugDescription: String { description }

  /// The app id and project only, so `dump` shows nothing of the API key.
  public var customMirror: Mirror {
    Mirror(self, children: ["appID": appID, "projectID": projectID], displayStyle: .struct)
  }
}
