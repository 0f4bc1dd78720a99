import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport

/// Random evaluation contexts: as JSON objects in the tool's `--context` format (every field,
/// unknown fields, wrong kinds, timestamps at the edges of every part) and as values for
/// evaluating generated templates.
struct ContextGenerator {
  var random: SeededRandomGenerator
  /// Whether values may hold text that must not reach a message verbatim (see
  /// `HostileJSON.strings`).
  let hostileText: Bool

  init(seed: UInt64, hostileText: Bool = false) {
    random = SeededRandomGenerator(seed: seed)
    self.hostileText = hostileText
  }

  /// `HostileJSON.strings`, or only the plain ones.
  private var strings: [String] { HostileJSON.strings(hostileText: hostileText) }

  static let stringFields = [
    "randomizationId", "appVersion", "appBuild", "appId", "platform", "country", "language",
    "installationId",
  ]

  static let otherFields = [
    "customSignals", "userProperties", "audiences", "firstOpen", "now", "randomizationID",
    "custom_signals", "", "now ",
  ]

  /// A timestamp, valid or nearly so, with each part at or beyond its edge: years 0000 and
  /// 9999, offsets up to ±23:59 and past, leap seconds, long fractions.
  mutating func timestamp() -> String {
    if random.chance(10) { return random.pick(strings) }
    // The edges of the representable range, where an offset carries the instant past it.
    if random.chance(15) {
      return random.pick([
        "9999-12-31T23:59:59-23:59", "9999-12-31T23:59:59.999999-00:01",
        "9999-12-31T20:00:00-05:00",
        "0000-01-01T00:00:00+23:59", "0000-01-01T00:00:00.5+00:01", "0000-01-01T03:00:00+09:00",
        "9999-12-31T23:59:59Z", "0000-01-01T00:00:00Z",
      ])
    }
    let year = random.pick(["0000", "0001", "1969", "1970", "2025", "9999", "999", "+2025"])
    let month = random.pick(["01", "02", "12", "00", "13"])
    let day = random.pick(["01", "28", "29", "31", "30", "00", "32"])
    let hour = random.pick(["00", "09", "23", "24"])
    let minute = random.pick(["00", "59", "60"])
    let second = random.pick(["", ":00", ":59", ":60", ":61"])
    let fraction =
      second.isEmpty
      ? ""
      : random.pick([
        "", "", ".5", ".250", ".123456", ".1234567", "." + String(repeating: "9", count: 40), ".",
      ])
    let offset = random.pick([
      "Z", "Z", "+00:00", "-00:00", "+09:00", "-05:30", "+23:59", "-23:59", "+24:00", "+14",
      "-1200", "+99:99", "z", "",
    ])
    return "\(year)-\(month)-\(day)T\(hour):\(minute)\(second)\(fraction)\(offset)"
  }

  /// A plausible signal value: short text from the regex corpus, a version, a number.
  mutating func signalText() -> String {
    switch random.below(4) {
    case 0: return RegexCorpus.value(&random, maximumLength: 40)
    case 1: return random.pick(["1.2.3", "2.0", "17.4.1", "1.x", "paid", "free", ""])
    case 2: return String(random.below(200) - 50)
    default: return random.pick(strings)
    }
  }

  /// A JSON value for `field`: usually the kind it expects, sometimes another.
  mutating func value(for field: String) -> JSONValue {
    if random.chance(8) {
      return HostileJSON.replacement(for: .null, hostileText: hostileText, random: &random)
    }
    switch field {
    case "customSignals":
      var signals = JSONObject()
      for _ in 0..<random.below(4) {
        signals[random.pick(["s", "tier", "n", "grade", "", "ключ"])] =
          random.chance(30)
          ? HostileJSON.number(random.pick(HostileJSON.numberLiterals)) : .string(signalText())
      }
      return .object(signals)
    case "userProperties":
      var properties = JSONObject()
      for _ in 0..<random.below(3) {
        properties[random.pick(["level", "p", "tier"])] = .string(signalText())
      }
      return .object(properties)
    case "audiences":
      return .array(
        (0..<random.below(4)).map { _ in .string(random.pick(["A", "B", "Buyers", ""])) })
    case "firstOpen", "now":
      return .string(timestamp())
    default:
      return .string(signalText())
    }
  }

  /// A context object: a few fields, mostly known ones.
  mutating func contextObject() -> JSONObject {
    var object = JSONObject()
    for _ in 0..<random.below(7) {
      let field =
        random.chance(85)
        ? random.pick(Self.stringFields + Self.otherFields.prefix(5))
        : random.pick(Self.otherFields)
      object[field] = value(for: field)
    }
    return object
  }

  /// A context that reads, for evaluation: `contextObject()` until one does (or empty).
  mutating func context() -> EvaluationContext {
    for _ in 0..<5 {
      if let context = try? EvaluationContext(json: contextObject()) { return context }
    }
    return EvaluationContext()
  }
}
