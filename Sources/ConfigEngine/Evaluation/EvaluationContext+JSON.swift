public import Core
import Foundation

extension EvaluationContext {
  /// Reads the tool's context JSON: the fields of `ContextField.all`, every one optional, e.g.
  /// `{"randomizationId": "u1", "customSignals": {"year": 2}, "appVersion": "2.3.0",
  /// "audiences": ["a"], "now": "2026-12-01T09:00:00+09:00"}`.
  /// - Throws: `ContextError` naming the field at fault; unknown fields are errors too, so a
  ///   typo never silently evaluates as "signal missing".
  public init(json object: JSONObject) throws(ContextError) {
    try self.init(json: object, ignoringUnknownFields: false)
  }

  /// Reads the context JSON; with `ignoringUnknownFields`, fields this version does not know
  /// are skipped instead of refused, as for a context a newer Switchyard saved.
  package init(json object: JSONObject, ignoringUnknownFields: Bool) throws(ContextError) {
    self.init()
    for (name, value) in object {
      guard let field = ContextField.named(name)?.field else {
        guard ignoringUnknownFields else {
          throw ContextError(field: name, message: "unknown field")
        }
        continue
      }
      switch field.value {
      case .text(let path): self[keyPath: path] = try Self.string(value, name)
      case .instant(let path): self[keyPath: path] = try Self.time(value, name)
      case .customSignals:
        for (key, signal) in try Self.object(value, name) {
          switch signal {
          case .string(let text): customSignals[key] = .string(text)
          case .number(let number): customSignals[key] = .number(number)
          default:
            throw ContextError(
              field: "\(name).\(key)",
              message: "expected a string or a number, found \(signal.kindDescription)")
          }
        }
      case .userProperties:
        for (key, property) in try Self.object(value, name) {
          userProperties[key] = try Self.string(property, "\(name).\(key)")
        }
      case .audiences:
        guard case .array(let list) = value else {
          throw ContextError(
            field: name, message: "expected an array, found \(value.kindDescription)")
        }
        var names: Set<String> = []
        for (index, element) in list.enumerated() {
          names.insert(try Self.string(element, "\(name)[\(index)]"))
        }
        audiences = names
      }
    }
  }

  private static func object(_ value: JSONValue, _ field: String) throws(ContextError) -> JSONObject
  {
    guard case .object(let object) = value else {
      throw ContextError(
        field: field, message: "expected an object, found \(value.kindDescription)")
    }
    return object
  }

  private static func string(_ value: JSONValue, _ field: String) throws(ContextError) -> String {
    guard case .string(let text) = value else {
      throw ContextError(field: field, message: "expected a string, found \(value.kindDescription)")
    }
    return text
  }

  private static func time(_ value: JSONValue, _ field: String) throws(ContextError) -> Date {
    let text = try string(value, field)
    do {
      return try Timestamp.parse(text)
    } catch {
      throw ContextError(field: field, message: error.description)
    }
  }
}

/// A context field that cannot be read, named so the caller can fix it.
public struct ContextError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The field path, e.g. `customSignals.grade`.
  public let field: String
  /// What is wrong with it.
  public let message: String

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(field: String, message: String) {
    self.field = field
    self.message = message
  }

  /// For example `context field 'now': invalid timestamp ...`.
  public var description: String {
    Excerpt.line("context field \(Excerpt.quoted(field)): \(message)", length: 500, scalars: 800)
  }
}
