package import ConfigEngine
package import Core

extension FlagContext {
  /// The context of an OFREP request (`{"context": {...}}`'s object): `targetingKey` a string
  /// (null: none), every other member an attribute. JSON has no date-time: `firstOpen` and
  /// `now` arrive as text, which `evaluationContext()` reads.
  /// - Throws: `ContextError` when `targetingKey` is not a string.
  package init(json object: JSONObject) throws(ContextError) {
    self.init()
    for (name, value) in object {
      guard name == "targetingKey" else {
        attributes[name] = FlagContextValue(json: value)
        continue
      }
      switch value {
      case .string(let key): targetingKey = key
      case .null: targetingKey = nil
      default:
        throw ContextError(
          field: name, message: "expected a string, found \(value.kindDescription)")
      }
    }
  }
}

extension FlagContextValue {
  /// A JSON value as an attribute: objects are structures, arrays lists.
  init(json value: JSONValue) {
    switch value {
    case .null: self = .null
    case .bool(let flag): self = .boolean(flag)
    case .number(let number): self = .number(number)
    case .string(let text): self = .string(text)
    case .array(let elements): self = .list(elements.map(FlagContextValue.init(json:)))
    case .object(let object):
      self = .structure(
        Dictionary(
          object.map { ($0.key, FlagContextValue(json: $0.value)) }, uniquingKeysWith: { $1 }))
    }
  }
}
