import Core
import Foundation

extension EvaluationContext {
  /// The context as the JSON object `init(json:)` reads (the tool's `--context` format), so
  /// a context can be saved and read back. Absent fields are left out; audiences are sorted
  /// and custom signals and user properties ordered by key, so equal contexts write equal
  /// text. Times keep their fraction of a second (to the microsecond).
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
    object["firstOpen"] = firstOpenTime.map { .string(Self.preciseTimestamp($0)) }
    object["now"] = now.map { .string(Self.preciseTimestamp($0)) }
    return object
  }

  /// `Timestamp.format` with the fraction of a second added back (`...:05.25Z`), since the
  /// saved context must read back as the same instant.
  static func preciseTimestamp(_ date: Date) -> String {
    let interval = date.timeIntervalSince1970
    guard interval.isFinite, abs(interval) < 1e14 else { return Timestamp.format(date) }
    let whole = interval.rounded(.down)
    let micros = Int(((interval - whole) * 1_000_000).rounded())
    guard micros > 0, micros < 1_000_000 else {
      return Timestamp.format(Date(timeIntervalSince1970: micros >= 1_000_000 ? whole + 1 : whole))
    }
    var digits = String(micros)
    digits = String(repeating: "0", count: 6 - digits.count) + digits
    while digits.hasSuffix("0") { digits.removeLast() }
    let base = Timestamp.format(Date(timeIntervalSince1970: whole))
    return String(base.dropLast()) + "." + digits + "Z"
  }
}
