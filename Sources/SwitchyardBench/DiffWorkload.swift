import ConfigEngine
import Core
import Foundation

/// The two templates `switchyard diff` is timed on: the evaluation benchmark's template (200
/// parameters, 50 conditions) and an edited copy with its conditions in reverse order and
/// every percent bound halved, so most keys change for some users and every user is
/// evaluated twice over the whole template.
enum DiffWorkload {
  /// The synthetic users of the timed run.
  static let users = 100_000

  /// The edited copy of `template`.
  static func edited(_ template: Template) -> Template {
    var edited = template
    edited.conditions.reverse()
    for index in edited.conditions.indices {
      edited.conditions[index].condition = halvingPercents(edited.conditions[index].condition)
    }
    return edited
  }

  /// Writes both templates to `directory`.
  /// - Throws: a file error, or `TemplateWriteError` (never, for these templates).
  static func writeFiles(in directory: URL) throws -> (old: URL, new: URL) {
    var random = SeededRandomGenerator(seed: 42)
    let template = EvaluationWorkload.template(random: &random)
    let old = directory.appendingPathComponent("old.json")
    let new = directory.appendingPathComponent("new.json")
    try Data(try template.jsonText().utf8).write(to: old)
    try Data(try edited(template).jsonText().utf8).write(to: new)
    return (old, new)
  }

  private static func halvingPercents(_ condition: Condition) -> Condition {
    switch condition {
    case .percent(var percent):
      if case .atMost(let bound) = percent.range { percent.range = .atMost(bound / 2) }
      return .percent(percent)
    case .and(let members): return .and(members.map(halvingPercents))
    case .or(let members): return .or(members.map(halvingPercents))
    case .constant, .signal, .unknown: return condition
    }
  }
}
