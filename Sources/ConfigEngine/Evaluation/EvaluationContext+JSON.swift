import Core
import Foundation

extension EvaluationContext {
  /// Reads the tool's context JSON, every field optional:
  /// `{"randomizationId", "customSignals": {k: string|number}, "appVersion", "appBuild",
  /// "appId", "platform", "country", "language", "userProperties": {k: string},
  /// "audiences": [...], "installationId", "firstOpen": ISO, "now": ISO-8601 with offset}`.
  /// - Throws: `ContextError` naming the field at fault; unknown fields are errors too, so a
  ///   typo never silently evaluates as "signal missing".
  public init(json object: JSONObject) throws(ContextError) {
    try self.init(json: object, ignoringUnknownFields: false)
  }

  /// Reads the context JSON; with `ignoringUnknownFields`, fields this version does not know
  /// are skipped instead of refused, as for a context a newer Switchyard saved.
  package init(json object: JSONObject, ignoringUnknownFields: Bool) throws(ContextError) {
    self.init()
    for (field, value) in object {
      switch field {
      case "randomizationId": randomizationID = try Self.string(value, field)
      case "appVersion": appVersion = try Self.string(value, field)
      case "appBuild": appBuild = try Self.string(value, field)
      case "appId": appID = try Self.string(value, field)
      case "platform": platform = try Self.string(value, field)
      case "country": country = try Self.string(value, field)
      case "language": language = try Self.string(value, field)
      case "installationId": installationID = try Self.string(value, field)
      case "firstOpen": firstOpenTime = try Self.time(value, field)
      case "now": now = try Self.time(value, field)
      case "customSignals":
        guard case .object(let signals) = value else {
          throw ContextError(
            field: field, message: "expected an object, found \(value.kindDescription)")
        }
        for (key, signal) in signals {
          switch signal {
          case .string(let text): customSignals[key] = .string(text)
          case .number(let number): customSignals[key] = .number(number)
          default:
            throw ContextError(
              field: "customSignals.\(key)",
              message: "expected a string or a number, found \(signal.kindDescription)")
          }
        }
      case "userProperties":
        guard case .object(let properties) = value else {
          throw ContextError(
            field: field, message: "expected an object, found \(value.kindDescription)")
        }
        for (key, property) in properties {
          userProperties[key] = try Self.string(property, "userProperties.\(key)")
        }
      case "audiences":
        guard case .array(let list) = value else {
          throw ContextError(
            field: field, message: "expected an array, found \(value.kindDescription)")
        }
        var names: Set<String> = []
        for (index, element) in list.enumerated() {
          names.insert(try Self.string(element, "audiences[\(index)]"))
        }
        audiences = names
      default:
        guard ignoringUnknownFields else {
          throw ContextError(field: field, message: "unknown field")
        }
      }
    }
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
