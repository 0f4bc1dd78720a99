@testable import ConfigClient
@testable import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

/// Generates client states at the edges of every limit, reproducibly from a seed: templates
/// at the deepest accepted nesting, large and odd strings (empty, non-ASCII, escapes, raw
/// DEL, surrogate pairs written as escapes), contexts with every field at its edges (times at
/// years 0000 and 9999 with extreme offsets, fractional seconds, huge and tiny numbers, every
/// kind of custom signal), throttles from fresh to the count limit, and the stale mark; bodies
/// that start with a UTF-8 byte order mark; and, on request, templates and a context exactly
/// at their size limits.
struct ClientStateGenerator {
  private var random: SeededRandomGenerator

  init(seed: UInt64) {
    random = SeededRandomGenerator(seed: seed)
  }

  /// The condition names generated templates use, and what each tests in the context.
  static let conditions: [(String, String)] = [
    ("paid", "app.customSignal['tier'].exactlyMatches(['paid'])"),
    ("early", "app.firstOpenTimestamp <= ('2025-01-01T00:00:00')"),
    ("future", "dateTime >= dateTime('2030-01-01T00:00:00')"),
    ("rollout", "percent('rollout') <= 50"),
    ("japan", "device.country in ['JP']"),
  ]

  /// A state within every limit.
  mutating func state() throws -> ClientState {
    var state = ClientState()
    if chance(0.8) {
      state.active = ClientState.Active(template: try template(), activatedAt: date())
    }
    if chance(0.7) {
      let active = chance(0.4) ? state.active?.template : nil
      state.fetched = ClientState.Fetched(
        template: try active ?? template(), etag: chance(0.8) ? etag() : nil, fetchedAt: date(),
        isActivated: active != nil)
    }
    state.lastSuccessfulFetchAt = chance(0.8) ? date() : nil
    state.throttle = throttle()
    state.context = chance(0.85) ? context() : nil
    state.isStale = chance(0.5)
    return state
  }

  /// A state at the size limits: a fetched template exactly as large as a fetch accepts by
  /// default, an active one a byte under it, and a context whose JSON is exactly
  /// `RemoteConfigLimits.contextBytes`.
  mutating func stateAtSizeLimits() throws -> ClientState {
    var state = try state()
    let limit = RemoteConfigSettings().maximumTemplateBytes
    state.active = ClientState.Active(template: try template(size: limit - 1), activatedAt: date())
    state.fetched = ClientState.Fetched(
      template: try template(size: limit), etag: etag(), fetchedAt: date(), isActivated: false)
    state.context = contextAtSizeLimit()
    return state
  }

  /// Template JSON that the fetch boundary accepts.
  mutating func template() throws -> TemplateBody {
    try TemplateBody(validating: templateBytes(loneSurrogate: false))
  }

  /// Template JSON of exactly `size` bytes, padded with an unknown member.
  mutating func template(size: Int) throws -> TemplateBody {
    var bytes = TemplateBody.withoutByteOrderMark(templateBytes(loneSurrogate: false))
    let close = try #require(bytes.lastIndex(of: UInt8(ascii: "}")))
    let member = Array(#", "padding": ""#.utf8)
    let padding = size - bytes.count - member.count - 1
    try #require(padding >= 0)
    bytes.insert(
      contentsOf: member + Array(repeating: UInt8(ascii: "x"), count: padding) + [0x22],
      at: close)
    return try TemplateBody(validating: bytes)
  }

  /// Template JSON bytes: parameters with odd values under the generated conditions, an
  /// unknown member nested as deep as the parser allows, hand-written escapes and spacing
  /// kept as written, and, when asked, a lone surrogate escape (which no boundary accepts).
  mutating func templateBytes(loneSurrogate: Bool) -> [UInt8] {
    var root = JSONObject()
    let used = Self.conditions.filter { _ in chance(0.6) }
    if !used.isEmpty {
      root["conditions"] = .array(
        used.map { .object(JSONObject([("name", .string($0.0)), ("expression", .string($0.1))])) })
    }
    var parameters = JSONObject()
    for index in 0..<Int.random(in: 0...6, using: &random) {
      var parameter = JSONObject()
      parameter["defaultValue"] =
        chance(0.1) ? ["useInAppDefault": true] : ["value": .string(string())]
      if !used.isEmpty, chance(0.6) {
        var conditional = JSONObject()
        for (name, _) in used where chance(0.5) {
          conditional[name] = ["value": .string(string())]
        }
        parameter["conditionalValues"] = .object(conditional)
      }
      parameters["key_\(index)"] = .object(parameter)
    }
    root["parameters"] = .object(parameters)
    if chance(0.7) {
      root["version"] = ["versionNumber": .string(String(Int.random(in: 1...999, using: &random)))]
    }
    var text = chance(0.3) ? JSONValue.object(root).prettyJSONText : JSONValue.object(root).jsonText
    // Members the reader ignores but the bytes keep: written by hand, as a server might.
    var extra: [String] = []
    if chance(0.05) {
      // A large template: big for a test, though far below the limit.
      extra.append("\"large\": \"" + String(repeating: "0123456789", count: 15_000) + "\"")
    }
    if chance(0.3) {
      // The root object is level 1, so this reaches the deepest nesting accepted.
      let depth = RemoteConfigLimits.templateNesting - 1
      extra.append(
        "\"deep\": " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
    }
    if chance(0.5) {
      extra.append(#""escapes": "\/\u00e9\ud83d\ude00\"\\\n\u0000\#u{7F}é\#u{301}""#)
    }
    if loneSurrogate {
      extra.append(#""broken": "\ud800""#)
    }
    if !extra.isEmpty {
      text.removeLast()  // the closing brace
      text += (root.isEmpty ? "" : ", ") + extra.joined(separator: ",\n") + "}"
    }
    let padding = [" ", "\n", "\t", "", "\r\n  "]
    // A byte order mark, as some servers and editors write: dropped once, when accepted.
    let before = (chance(0.15) ? "\u{FEFF}" : "") + (padding.randomElement(using: &random) ?? "")
    let after = padding.randomElement(using: &random) ?? ""
    return Array((before + text + after).utf8)
  }

  /// A context with each field absent or at an edge.
  mutating func context() -> EvaluationContext {
    var context = EvaluationContext()
    context.randomizationID = optionalString()
    for _ in 0..<Int.random(in: 0...5, using: &random) {
      let key = chance(0.3) ? "tier" : string()
      context.customSignals[key] = chance(0.5) ? .string(chance(0.3) ? "paid" : string()) : number()
    }
    context.appID = optionalString()
    context.appVersion = optionalString()
    context.appBuild = optionalString()
    context.platform = optionalString()
    context.country = chance(0.2) ? "JP" : optionalString()
    context.language = optionalString()
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      context.userProperties[string()] = string()
    }
    if chance(0.6) {
      context.audiences = Set((0..<Int.random(in: 0...4, using: &random)).map { _ in string() })
    }
    context.installationID = optionalString()
    context.firstOpenTime = chance(0.6) ? date() : nil
    context.now = chance(0.6) ? date() : nil
    return context
  }

  /// A context whose JSON is exactly `RemoteConfigLimits.contextBytes`: the largest saved.
  mutating func contextAtSizeLimit() -> EvaluationContext {
    var context = context()
    context.customSignals["padding"] = .string("")
    let size = JSONValue.object(context.jsonObject).jsonText.utf8.count
    context.customSignals["padding"] = .string(
      String(repeating: "x", count: RemoteConfigLimits.contextBytes - size))
    return context
  }

  /// An instant within `Timestamp.earliest...Timestamp.latest`, often at an edge.
  mutating func date() -> Date {
    let earliest = Timestamp.earliest.timeIntervalSinceReferenceDate
    let latest = Timestamp.latest.timeIntervalSinceReferenceDate
    switch Int.random(in: 0...9, using: &random) {
    case 0: return Timestamp.earliest
    case 1: return Timestamp.latest
    // Year 9999 at -23:59 and year 0000 at +23:59 with fractions, as text reads them.
    case 2: return parsed("9999-12-31T23:59:59.\(Int.random(in: 0...99_990, using: &random))-23:59")
    case 3:
      return parsed("0000-01-01T00:00:00.\(Int.random(in: 0...999_999, using: &random))+23:59")
    case 4: return parsed("9999-12-31T23:00:00-05:00")
    case 5: return parsed("0000-01-01T00:00:00+05:00")
    // Any Double in the range, every bit of the fraction in use.
    case 6:
      return Date(timeIntervalSinceReferenceDate: .random(in: earliest...latest, using: &random))
    // Near 2001 (Date's reference), where fractions are finest, and near 1970.
    case 7:
      return Date(timeIntervalSinceReferenceDate: .random(in: -1e-300...1e-300, using: &random))
    case 8: return Date(timeIntervalSince1970: .random(in: -2...2, using: &random))
    default: return TestTime.start.addingTimeInterval(.random(in: 0...1e6, using: &random))
    }
  }

  /// A string from the odd cases: empty, non-ASCII, escapes, controls, long.
  mutating func string() -> String {
    switch Int.random(in: 0...9, using: &random) {
    case 0: return ""
    case 1: return "日本語 🎌 é\u{301} \u{200B}"
    case 2: return "quote \" backslash \\ slash / newline \n tab \t"
    case 3: return "\u{0}\u{1}\u{1F}\u{7F}\u{FEFF}"
    case 4: return String(repeating: "long ", count: Int.random(in: 10...1_000, using: &random))
    case 5: return "\u{10FFFF}\u{D7FF}\u{E000}\u{1F600}"
    case 6: return "'\u{301}x"
    default:
      let scalars = (0..<Int.random(in: 1...12, using: &random)).compactMap { _ in
        Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &random))
      }
      return String(String.UnicodeScalarView(scalars))
    }
  }

  private mutating func optionalString() -> String? {
    chance(0.6) ? string() : nil
  }

  /// A custom-signal number: integers to the ends of `Int`, doubles to the ends of `Double`,
  /// and literals kept as spelled, overflowing ones included.
  private mutating func number() -> CustomSignalValue {
    switch Int.random(in: 0...7, using: &random) {
    case 0: return .number(JSONNumber(Int.random(in: .min ... .max, using: &random)))
    case 1: return .number(JSONNumber(Double(bitPattern: random.next())))
    case 2:
      let edges = [
        Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude,
        Double.leastNonzeroMagnitude, -0.0, 1e-300, 0.1, Double.nan, Double.infinity,
      ]
      return .number(JSONNumber(edges.randomElement(using: &random) ?? 0))
    case 3, 4:
      let literals = [
        "1.50", "-0", "1e999", "-1e999", "123456789012345678901234567890", "1E-400", "0.0",
      ]
      let literal = literals.randomElement(using: &random) ?? "0"
      guard case .number(let number) = try? JSONParser().parse(literal) else { return 0 }
      return .number(number)
    default:
      return .number(JSONNumber(Int.random(in: -10...10, using: &random)))
    }
  }

  private mutating func etag() -> String {
    switch Int.random(in: 0...3, using: &random) {
    case 0: return ""
    case 1: return String(repeating: "e", count: RemoteConfigLimits.etagBytes)
    case 2: return "W/\"\(random.next())\""
    default: return string().prefix(100).description
    }
  }

  private mutating func throttle() -> FetchThrottle {
    guard chance(0.6) else { return FetchThrottle() }
    let counts = [0, 1, 2, 17, RemoteConfigLimits.throttleCount]
    return FetchThrottle(
      throttledUntil: chance(0.7) ? date() : nil,
      consecutiveFailures: counts.randomElement(using: &random) ?? 0,
      consecutiveThrottles: counts.randomElement(using: &random) ?? 0)
  }

  private mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &random) < probability
  }

  private func parsed(_ text: String) -> Date {
    (try? Timestamp.parse(text)) ?? Timestamp.earliest
  }
}
