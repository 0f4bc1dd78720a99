import Core

/// Reading one condition's source, in either format: what the template reader does for each
/// condition, and what a compiled template asks again for the conditions with parts it does
/// not evaluate (`CompiledTemplate.conditionWarnings`), so both say the same thing.
extension TemplateReader {
  /// A client condition's expression: its condition (the placeholder
  /// `.unknown("unparsable expression")` when it does not parse) and the problems, each at
  /// `condition '<name>', column N`.
  static func read(
    expression: String, of name: String
  ) -> (condition: Condition, problems: [TemplateProblem]) {
    let location = "condition '\(name)'"
    do {
      let parsed = try ConditionExpressionParser.parseNotingUnknowns(
        expression, conditionName: name)
      let problems = parsed.notes.map { note in
        TemplateProblem(
          .warning, at: "\(location), column \(note.column)", note.message, kind: note.kind)
      }
      return (parsed.condition, problems)
    } catch {
      let problem = TemplateProblem(
        .error, at: "\(location), column \(error.column)", error.message)
      return (.unknown("unparsable expression"), [problem])
    }
  }

  /// A server condition's tree: its condition and the problems, each at a path under
  /// `condition '<name>'.condition`.
  static func read(
    tree: JSONValue, of name: String
  ) -> (condition: Condition, problems: [TemplateProblem]) {
    var reader = ServerConditionReader(conditionName: name)
    let condition = reader.read(tree, path: "condition '\(name)'.condition")
    return (condition, reader.problems)
  }

  /// The warnings reading gives for `named` when its condition has a part this version does
  /// not evaluate (an element it does not know, a web-only signal: each false); none for a
  /// condition evaluated whole, or one made in code with no source to read.
  static func unevaluatedParts(of named: NamedCondition) -> [TemplateProblem] {
    guard named.condition.hasUnevaluatedPart else { return [] }
    let problems: [TemplateProblem]
    if let expression = named.expression {
      problems = read(expression: expression, of: named.name).problems
    } else if let tree = named.conditionJSON {
      problems = read(tree: tree, of: named.name).problems
    } else {
      problems = []
    }
    return problems.filter { $0.severity == .warning }
  }
}

extension Condition {
  /// Whether some part of it is not evaluated: `.unknown`, or a percent with an operator this
  /// version does not know.
  var hasUnevaluatedPart: Bool {
    var pending = [self]
    while let condition = pending.popLast() {
      switch condition {
      case .unknown: return true
      case .percent(let percent):
        if case .unknown = percent.range { return true }
      case .and(let members), .or(let members): pending += members
      case .constant, .signal: break
      }
    }
    return false
  }
}
