import ConfigClient
import ConfigEngine
import Core
import Foundation

/// The body of Firebase's app fetch, as Android sends it (firebase-rc-client.md §2.1): strict
/// JSON with camelCase fields (iOS sends an unquoted, unescaped pseudo-JSON; Google's proto
/// JSON endpoint reads both spellings, and only strict JSON survives any value), filled from
/// the context the app set and the app's options. A field with nothing to say is left out,
/// never sent empty.
enum FirebaseAppFetchBody {
  /// Firebase's limits on custom signals (iOS `FIRRemoteConfig.m:54-58`, JavaScript
  /// `constants.ts:19-21`; firebase-rc-client.md §1.10), in UTF-16 code units as both count.
  static let maximumSignalKeyLength = 250
  static let maximumSignalValueLength = 500
  static let maximumSignalCount = 100

  /// The body for `context`, sent by `installation`.
  static func make(
    context: EvaluationContext, options: FirebaseAppOptions, installation: FirebaseInstallation
  ) -> JSONValue {
    var body = contextFields(context)
    body["appInstanceId"] = .string(installation.fid)
    body["appInstanceIdToken"] = .string(installation.authToken)
    body["appId"] = .string(options.appID)
    body["platformVersion"] = nonEmpty(options.platformVersion)
    body["timeZone"] = nonEmpty(options.timeZone)
    body["packageName"] = nonEmpty(options.packageName)
    body["sdkVersion"] = nonEmpty(options.sdkVersion)
    return .object(body)
  }

  /// The fields of the body that come from `context`: what differs between two fetches of
  /// one app when its context changed (`FirebaseAppTemplateSource.requestDiffers`).
  static func contextFields(_ context: EvaluationContext) -> JSONObject {
    var body = JSONObject()
    body["countryCode"] = nonEmpty(context.country)
    body["languageCode"] = nonEmpty(context.language)
    body["appVersion"] = nonEmpty(context.appVersion)
    body["appBuild"] = nonEmpty(context.appBuild)
    if !context.userProperties.isEmpty {
      body["analyticsUserProperties"] = .object(
        JSONObject(
          context.userProperties.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
    }
    if let firstOpen = context.firstOpenTime {
      body["firstOpenTime"] = .string(firstOpenTime(firstOpen))
    }
    if !context.customSignals.isEmpty {
      // Every value as a string, as Firebase's SDKs store and send them.
      body["customSignals"] = .object(
        JSONObject(
          context.customSignals.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value.text)) })
      )
    }
    return body
  }

  /// Refuses custom signals over Firebase's limits, naming the first signal at fault.
  /// - Throws: `TemplateSourceError.invalidRequest`.
  static func check(_ signals: [String: CustomSignalValue]) throws(TemplateSourceError) {
    guard signals.count <= maximumSignalCount else {
      throw .invalidRequest(
        "the context has \(signals.count) custom signals; Firebase takes at most "
          + "\(maximumSignalCount)")
    }
    for (key, value) in signals.sorted(by: { $0.key < $1.key }) {
      if key.utf16.count > maximumSignalKeyLength {
        throw .invalidRequest(
          "custom signal \(Excerpt.quoted(key)) has a key of \(key.utf16.count) characters;"
            + " Firebase takes at most \(maximumSignalKeyLength)")
      }
      if value.text.utf16.count > maximumSignalValueLength {
        throw .invalidRequest(
          "custom signal \(Excerpt.quoted(key)) has a value of \(value.text.utf16.count)"
            + " characters; Firebase takes at most \(maximumSignalValueLength)")
      }
    }
  }

  /// `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'` in UTC, Android's spelling of `firstOpenTime`.
  static func firstOpenTime(_ date: Date) -> String {
    Timestamp.formatMilliseconds(date)
  }

  private static func nonEmpty(_ text: String?) -> JSONValue? {
    guard let text, !text.isEmpty else { return nil }
    return .string(text)
  }
}
