import ConfigEngine
import Core

/// The synthetic templates and context the client benchmark uses.
enum ClientWorkload {
  static let parameterCount = 2_000
  static let conditionCount = 50

  /// A user who matches some conditions and not others.
  static let context = EvaluationContext(
    randomizationID: "bench-user-42", customSignals: ["tier": "paid", "grade": 4],
    appVersion: "2.4.1", platform: "ios", country: "JP")

  /// A client-format template of about `targetBytes` bytes (never more than Firebase's
  /// 1,000,000): 50 conditions mixing signals, percentages, versions and countries; string
  /// parameters padded to size, and a BOOLEAN `feature_enabled`. Every value carries
  /// `version`, so two versions differ in every key.
  static func template(version: Int, targetBytes: Int) -> [UInt8] {
    let limit = min(targetBytes, 1_000_000)
    let skeleton = bytes(version: version, parameters: min(parameterCount, 20), padding: 0)
    var parameters = parameterCount
    var padding = 0
    if limit < skeleton.count * 10 {
      parameters = 20
      padding = max(0, (limit - skeleton.count) / (parameters * 2))
    } else {
      let bare = bytes(version: version, parameters: parameters, padding: 0).count
      padding = max(0, (limit - bare) / (parameters * 2))
    }
    var result = bytes(version: version, parameters: parameters, padding: padding)
    while result.count > limit, padding > 0 {
      padding -= 1
      result = bytes(version: version, parameters: parameters, padding: padding)
    }
    return result
  }

  /// Written as text, not built as a `JSONValue`, so making the workload does not set the
  /// process's peak memory before the activation is measured.
  private static func bytes(version: Int, parameters count: Int, padding: Int) -> [UInt8] {
    var text = "{\"conditions\":["
    for index in 0..<conditionCount {
      let expression: String
      switch index % 5 {
      case 0: expression = "app.customSignal['tier'].exactlyMatches(['paid', 'gold'])"
      case 1: expression = "percent('seed_\(index)') <= \(index % 100)"
      case 2: expression = "app.version.>=(['2.\(index % 10).0'])"
      case 3: expression = "device.country in ['JP', 'US'] && device.os == 'ios'"
      default: expression = "app.customSignal['grade'] >= \(index % 6 + 1)"
      }
      if index > 0 { text += "," }
      text += "{\"name\":\"condition_\(index)\",\"expression\":\"\(expression)\"}"
    }
    text += "],\"parameters\":{\"feature_enabled\":{\"defaultValue\":{\"value\":\"false\"},"
    text +=
      "\"conditionalValues\":{\"condition_0\":{\"value\":\"true\"}},\"valueType\":\"BOOLEAN\"}"
    let filler = String(repeating: "x", count: padding)
    for index in 0..<count {
      let condition = "condition_\(index % conditionCount)"
      text += ",\"param_\(index)\":{\"defaultValue\":{\"value\":\"v\(version) default \(index) "
      text += filler + "\"},\"conditionalValues\":{\"\(condition)\":{\"value\":\"v\(version) "
      text += condition + " " + filler + "\"}},\"valueType\":\"STRING\"}"
    }
    text += "},\"version\":{\"versionNumber\":\"\(version)\"}}"
    return Array(text.utf8)
  }
}
