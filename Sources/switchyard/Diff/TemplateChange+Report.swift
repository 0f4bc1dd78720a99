import ConfigEngine
import Core

extension TemplateChange {
  /// One listed change for people: what changed, and its details (one line each).
  struct Entry: Sendable, Equatable {
    let title: String
    let details: [String]
  }

  /// The change for people, as `diff`'s text and page list it: parameters added, removed and
  /// changed, then conditions added, removed, changed and moved. Values from the templates
  /// are cut to one readable line.
  var entries: [Entry] {
    var entries: [Entry] = []
    for key in addedParameters {
      entries.append(Entry(title: "parameter \(Self.name(key)) added", details: []))
    }
    for key in removedParameters {
      entries.append(Entry(title: "parameter \(Self.name(key)) removed", details: []))
    }
    for parameter in changedParameters {
      entries.append(
        Entry(
          title: "parameter \(Self.name(parameter.key)) changed",
          details: parameter.aspects.map(Self.detail)))
    }
    for name in addedConditions {
      entries.append(Entry(title: "condition \(Self.name(name)) added", details: []))
    }
    for name in removedConditions {
      entries.append(Entry(title: "condition \(Self.name(name)) removed", details: []))
    }
    for condition in changedConditions {
      entries.append(
        Entry(
          title: "condition \(Self.name(condition.name)) changed",
          details: [
            "before: " + Self.spelling(condition.old), "after:  " + Self.spelling(condition.new),
          ]))
    }
    for move in reorderedConditions {
      entries.append(
        Entry(
          title:
            "condition \(Self.name(move.name)) moved from position \(move.oldIndex + 1) to "
            + "\(move.newIndex + 1)",
          details: []))
    }
    return entries
  }

  private static func detail(_ aspect: ParameterChange.Aspect) -> String {
    switch aspect {
    case .defaultValue(let from, let to):
      from == to
        ? "default value \(value(to)): members kept beside it changed"
        : "default value \(value(from)) -> \(value(to))"
    case .conditionalValueAdded(let condition, let value):
      "value under \(name(condition)) added: \(self.value(value))"
    case .conditionalValueRemoved(let condition, let value):
      "value under \(name(condition)) removed: \(self.value(value))"
    case .conditionalValueChanged(let condition, let from, let to):
      from == to
        ? "value under \(name(condition)) \(value(to)): members kept beside it changed"
        : "value under \(name(condition)) \(value(from)) -> \(value(to))"
    case .valueType(let from, let to):
      "value type \(from?.rawValue ?? "(none)") -> \(to?.rawValue ?? "(none)") (changes no value)"
    case .description:
      "description changed (changes no user)"
    case .group(_, let to):
      "moved to " + (to.map { "group \(name($0))" } ?? "the top level") + " (changes no user)"
    case .otherMembers:
      "members Switchyard does not model changed"
    }
  }

  /// A name from a template, quoted and cut.
  static func name(_ name: String) -> String {
    Excerpt.quoted(name, length: 200)
  }

  /// A parameter value as the template spells it: the string JSON-quoted, `useInAppDefault`,
  /// or an unmodelled kind with its body.
  private static func value(_ value: ParameterValue?) -> String {
    switch value {
    case .value(let text)?: Excerpt.of(JSONValue.string(text).jsonText, length: 200)
    case .useInAppDefault?: "useInAppDefault"
    case .unsupported(let kind, let body)?: Excerpt.of("\(kind) \(body.jsonText)", length: 200)
    case nil: "(none)"
    }
  }

  /// A condition as its template spells it: the expression, or the server tree.
  static func spelling(_ condition: NamedCondition) -> String {
    let text = condition.expression ?? condition.conditionJSON?.jsonText ?? "\(condition.condition)"
    return Excerpt.of(text, length: 300)
  }
}
