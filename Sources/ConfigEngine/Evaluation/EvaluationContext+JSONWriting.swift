import Core
import Foundation

extension EvaluationContext {
  /// The context as the JSON object `init(json:)` reads (the tool's `--context` format), so
  /// a context can be saved and read back equal. Absent fields are left out; audiences are
  /// sorted and custom signals and user properties ordered by key, so equal contexts write
  /// equal text. Times are written with `Timestamp.formatPrecisely`, every fraction digit
  /// kept, so they read back as the identical instant; numbers keep their literal spelling.
  public var jsonObject: JSONObject {
    var object = JSONObject()
    object["randomizationId"] = randomizationID.map(JSONValue.string)
    if !customSignals.isEmpty {
      object["customSignals"] = .object(
        JSONObject(
          customSignals.sorted { $0.key < $1.key }.map { key, signal in
            switch signal {
            case .string(let text): (key, JSONValue.string(text))
            case .number(let number): (key, JSONValue.number(number))
            }
          }))
    }
    object["appId"] = appID.map(JSONValue.string)
    object["appVersion"] = appVersion.map(JSONValue.string)
    object["appBuild"] = appBuild.map(JSONValue.string)
    object["platform"] = platform.map(JSONValue.string)
    object["country"] = country.map(JSONValue.string)
    object["language"] = language.map(JSONValue.string)
    if !userProperties.isEmpty {
      object["userProperties"] = .object(
        JSONObject(userProperties.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
    }
    if let audiences {
      object["audiences"] = .array(audiences.sorted().map(JSONValue.string))
    }
    object["installationId"] = installationID.map(JSONValue.string)
    object["firstOpen"] = firstOpenTime.map { .string(Timestamp.formatPrecisely($0)) }
    object["now"] = now.map { .string(Timestamp.formatPrecisely($0)) }
    return object
  }
}
