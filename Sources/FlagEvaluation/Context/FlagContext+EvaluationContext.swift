public import ConfigEngine
import Core

extension FlagContext {
  /// The `EvaluationContext` this context means, by one rule:
  ///
  /// - `targetingKey` is the randomization id (percent conditions hash it).
  /// - An attribute named as a field of the tool's context JSON sets that field, read as
  ///   `switchyard evaluate` reads it: `appId`, `appVersion`, `appBuild`, `platform`,
  ///   `country`, `language` and `installationId` are strings; `firstOpen` and `now` are
  ///   date-times (or their ISO-8601 text with an offset); `userProperties` is a structure of
  ///   strings, `audiences` a list of strings, `customSignals` a structure of strings and
  ///   numbers; `randomizationId` is a string that must agree with `targetingKey` when both
  ///   are given.
  /// - Every other attribute is a custom signal: strings and numbers as they are, Booleans as
  ///   `"true"` and `"false"`.
  ///
  /// - Throws: `ContextError` (OpenFeature's `INVALID_CONTEXT`) naming the attribute: a
  ///   custom signal that is a date-time, a list, a structure or null; a field of the wrong
  ///   kind; a custom signal given both on its own and in `customSignals`; a `randomizationId`
  ///   other than the targeting key.
  public func evaluationContext() throws(ContextError) -> EvaluationContext {
    var fields = JSONObject()
    var signals: [(String, CustomSignalValue)] = []
    // Sorted, so the attribute an error names does not depend on hashing.
    for (name, value) in attributes.sorted(by: { $0.key < $1.key }) {
      if ContextField.named(name) != nil {
        fields[name] = value.jsonValue
        continue
      }
      switch value {
      case .string(let text): signals.append((name, .string(text)))
      case .number(let number): signals.append((name, .number(number)))
      case .boolean(let flag): signals.append((name, .string(flag ? "true" : "false")))
      case .date, .list, .structure, .null:
        throw ContextError(
          field: name,
          message: "a custom signal is a string, a number or a Boolean, found "
            + value.kindDescription)
      }
    }
    var context = try EvaluationContext(json: fields)
    for (name, signal) in signals {
      guard context.customSignals[name] == nil else {
        throw ContextError(
          field: name, message: "is also given in customSignals; give it once")
      }
      context.customSignals[name] = signal
    }
    if let targetingKey {
      if let id = context.randomizationID, id != targetingKey {
        throw ContextError(
          field: "randomizationId",
          message: "differs from targetingKey, which is the randomization id; give one of them")
      }
      context.randomizationID = targetingKey
    }
    return context
  }
}

extension FlagContextValue {
  /// The value as the tool's context JSON spells it (a date-time as ISO-8601 text that reads
  /// back as the same instant; a structure's members sorted by name).
  var jsonValue: JSONValue {
    switch self {
    case .boolean(let flag): .bool(flag)
    case .string(let text): .string(text)
    case .number(let number): .number(number)
    case .date(let date): .string(Timestamp.formatPrecisely(date))
    case .list(let elements): .array(elements.map(\.jsonValue))
    case .structure(let members):
      .object(JSONObject(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value.jsonValue) }))
    case .null: .null
    }
  }
}
