import Core

/// The shapes of OFREP 0.3.0's OpenAPI (`ofrep-openapi.yaml`, components.schemas), checked on
/// a parsed body: every problem, as a sentence naming the member.
enum OFREPSchema {
  /// `evaluationSuccess`'s `reason` enumerates five reasons; OpenFeature's specification
  /// allows any string, and Switchyard also sends `DEFAULT` and `STALE`, OpenFeature's own.
  static let reasons: Set = ["STATIC", "TARGETING_MATCH", "SPLIT", "DISABLED", "UNKNOWN"]
  static let openFeatureReasons: Set = ["DEFAULT", "STALE"]
  /// `evaluationFailure`'s `errorCode` enumeration.
  static let failureCodes: Set = [
    "PARSE_ERROR", "TARGETING_KEY_MISSING", "INVALID_CONTEXT", "GENERAL",
  ]

  /// `serverEvaluationSuccess` (`evaluationSuccess`): `key` and `reason` required, `variant` a
  /// string, `metadata` of Booleans, strings and numbers, and `value` one of the flag types or
  /// absent (`codeDefaultFlag`), never `null`.
  ///
  /// One deviation, on purpose: an array is accepted as an object flag's value. OFREP 0.3.0's
  /// `objectFlag` says `value: type: object`, but OpenFeature's structure type covers lists,
  /// and PyPI's OFREP provider takes a `dict` or a `list` for an object flag; Switchyard
  /// sends a `JSON` parameter's array as the array.
  static func success(_ body: JSONValue) -> [String] {
    guard case .object(let object) = body else { return ["not an object"] }
    var problems: [String] = []
    if object["key"]?.stringValue == nil { problems.append("key: not a string") }
    if let reason = object["reason"]?.stringValue {
      if !reasons.contains(reason) && !openFeatureReasons.contains(reason) {
        problems.append("reason: \(reason) is not a reason")
      }
    } else {
      problems.append("reason: missing")
    }
    if let variant = object["variant"], variant.stringValue == nil {
      problems.append("variant: not a string")
    }
    if case .null? = object["value"] { problems.append("value: null is none of the flag types") }
    problems += metadata(object["metadata"])
    for member in ["errorCode", "errorDetails"] where object[member] != nil {
      problems.append("\(member): not a member of a success")
    }
    return problems
  }

  /// `evaluationFailure` (or, with `notFound`, `flagNotFound`): `key` and `errorCode` required.
  static func failure(_ body: JSONValue, notFound: Bool = false, keyed: Bool = true) -> [String] {
    guard case .object(let object) = body else { return ["not an object"] }
    var problems: [String] = []
    if keyed, object["key"]?.stringValue == nil { problems.append("key: not a string") }
    let codes: Set = notFound ? ["FLAG_NOT_FOUND"] : failureCodes
    if let code = object["errorCode"]?.stringValue {
      if !codes.contains(code) { problems.append("errorCode: \(code) is not allowed here") }
    } else {
      problems.append("errorCode: missing")
    }
    if let details = object["errorDetails"], details.stringValue == nil {
      problems.append("errorDetails: not a string")
    }
    problems += metadata(object["metadata"])
    return problems
  }

  /// `generalErrorResponse`: only `errorDetails`, a string.
  static func general(_ body: JSONValue) -> [String] {
    guard case .object(let object) = body else { return ["not an object"] }
    return object["errorDetails"]?.stringValue == nil || object.count != 1
      ? ["not {\"errorDetails\": string}"] : []
  }

  /// `bulkEvaluationSuccess`: `flags` of successes and failures, `metadata`, `eventStreams`.
  static func bulk(_ body: JSONValue) -> [String] {
    guard case .object(let object) = body else { return ["not an object"] }
    guard case .array(let flags)? = object["flags"] else { return ["flags: not an array"] }
    var problems: [String] = []
    for flag in flags {
      problems += flag["errorCode"] == nil ? success(flag) : failure(flag)
    }
    problems += metadata(object["metadata"])
    if let streams = object["eventStreams"] {
      guard case .array(let list) = streams else {
        return problems + ["eventStreams: not an array"]
      }
      for stream in list { problems += eventStream(stream) }
    }
    return problems
  }

  /// `eventStream`: `type` required, exactly one of `url` and `endpoint` (whose `requestUri`
  /// starts with `/`), `inactivityDelaySec` an integer of at least 1.
  static func eventStream(_ stream: JSONValue) -> [String] {
    guard case .object(let object) = stream else { return ["eventStream: not an object"] }
    var problems: [String] = []
    if object["type"]?.stringValue == nil { problems.append("eventStream.type: missing") }
    switch (object["url"], object["endpoint"]) {
    case (.string?, nil): break
    case (nil, .object(let endpoint)?):
      if endpoint["requestUri"]?.stringValue?.hasPrefix("/") != true {
        problems.append("endpoint.requestUri: must start with /")
      }
    default: problems.append("eventStream: exactly one of url and endpoint")
    }
    if let delay = object["inactivityDelaySec"] {
      if case .number(let number) = delay, let seconds = number.intValue, seconds >= 1,
        !number.literal.contains(".")
      {
      } else {
        problems.append("inactivityDelaySec: not an integer >= 1")
      }
    }
    return problems
  }

  /// `metadata`: an object of Booleans, strings and numbers.
  static func metadata(_ value: JSONValue?) -> [String] {
    guard let value else { return [] }
    guard case .object(let object) = value else { return ["metadata: not an object"] }
    return object.compactMap { member in
      switch member.value {
      case .bool, .string, .number: nil
      default: "metadata.\(member.key): not a Boolean, string or number"
      }
    }
  }
}
