import ConfigEngine
import Core
import RootRouting

/// One user of a `diff` population: a scenario that is routed through both templates (a
/// synthetic user, a `route --scenarios` line), or a context that is only evaluated (an
/// `evaluate` context line).
struct DiffUser: Sendable {
  /// What the user is.
  enum Kind: Sendable {
    /// Routed, as `route` routes a scenario; its values are those the route was planned from.
    case routed(RouteScenario)
    /// Evaluated, as `evaluate` evaluates a context line (no app signals added).
    case evaluated(EvaluationContext)
  }

  /// The user's place in the population, from 1: the line of the contexts file, or the
  /// position among the synthetic users drawn from the seed.
  let number: Int
  let kind: Kind

  /// Reads line `number` of a contexts file: a scenario line when it has any field of one
  /// (`RouteScenario.fields`; an `evaluate` context line has none of them), else a context
  /// line.
  init(line object: JSONObject, number: Int) throws(LineError) {
    self.number = number
    if object.keys.contains(where: RouteScenario.fields.contains) {
      kind = .routed(try RouteScenario(json: object))
    } else {
      do {
        kind = .evaluated(try EvaluationContext(json: object))
      } catch {
        throw LineError("\(error)")
      }
    }
  }

  init(number: Int, kind: Kind) {
    self.number = number
    self.kind = kind
  }

  /// The context as given (before the app's signals are added).
  var context: EvaluationContext {
    switch kind {
    case .routed(let scenario): scenario.context
    case .evaluated(let context): context
    }
  }
}
