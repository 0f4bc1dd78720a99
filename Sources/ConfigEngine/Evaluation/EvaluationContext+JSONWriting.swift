public import Core
import Foundation

extension EvaluationContext {
  /// The context as the JSON object `init(json:)` reads (the tool's `--context` format), so
  /// a context can be saved and read back equal. Absent fields are left out; audiences are
  /// sorted and custom signals and user properties ordered by key, so equal contexts write
  /// equal text. Times are written with `Timestamp.formatPrecisely`, every fraction digit
  /// kept, so they read back as the identical instant; numbers keep their literal spelling.
  public var jsonObject: JSONObject {
    var object = JSONObject()
    for field in ContextField.all {
      switch field.value {
      case .text(let path):
        object[field.name] = self[keyPath: path].map(JSONValue.string)
      case .instant(let path):
        object[field.name] = self[keyPath: path].map { .string(Timestamp.formatPrecisely($0)) }
      case .customSignals where !customSignals.isEmpty:
        object[field.name] = .object(
          JSONObject(
            customSignals.sorted { $0.key < $1.key }.map { key, signal in
              switch signal {
              case .string(let text): (key, JSONValue.string(text))
              case .number(let number): (key, JSONValue.number(number))
              }
            }))
      case .userProperties where !userProperties.isEmpty:
        object[field.name] = .object(
          JSONObject(userProperties.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))
      case .audiences:
        object[field.name] = audiences.map { .array($0.sorted().map(JSONValue.string)) }
      case .customSignals, .userProperties:
        break
      }
    }
    return object
  }
}
