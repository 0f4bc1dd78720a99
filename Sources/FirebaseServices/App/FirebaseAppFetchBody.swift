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

  /// The fields of the body that come from `context`, the context fields Firebase's app fetch
  /// sends (`ContextField.appFetchMember`): what differs between two fetches of one app when
  /// its context changed (`FirebaseAppTemplateSource.requestDiffers`). Strings go as they
  /// are, custom signals all as strings (as Firebase's SDKs store and send them), the first
  /// open time as Android spells it; an empty string or object is left out.
  static func contextFields(_ context: EvaluationContext) -> JSONObject {
    var body = JSONObject()
    for field in ContextField.all {
      guard let member = field.appFetchMember else { continue }
      switch field.value {
      case .text(let path):
        body[member] = nonEmpty(context[keyPath: path])
      case .instant(let path):
        body[member] = context[keyPath: path].map { .string(firstOpenTime($0)) }
      case .customSignals where !context.customSignals.isEmpty:
        body[member] = .object(
          JSONObject(
            context.customSignals.sorted { $0.key < $1.key }.map {
              ($0.key, .string($0.value.text))
            }))
      case .userProperties where !context.userProperties.isEmpty:
        body[member] = .object(
          JSONObject(
            context.userProperties.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
      case .customSignals, .userProperties, .audiences:
        break
      }
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

  /// `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'` in UTC, Android's spelling of an instant (`firstOpenTime`).
  static func firstOpenTime(_ date: Date) -> String {
    Timestamp.formatMilliseconds(date)
  }

  private static func nonEmpty(_ text: String?) -> JSONValue? {
    guard let text, !text.isEmpty else { return nil }
    return .string(text)
  }
}
