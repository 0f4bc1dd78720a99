extension Condition {
  /// The condition with what only spelling makes different taken out, for comparing
  /// conditions across formats: a client expression is a flat `&&` list (one atom alone is
  /// that atom), while a server tree nests `andCondition` and `orCondition` at will
  /// (Firebase's console wraps every condition in an `orCondition` of one `andCondition`).
  /// Nested lists of the same kind are flattened, a list of one member is that member, and
  /// empty lists are the constants they evaluate to. Evaluation gives the same answer for
  /// both.
  var normalized: Condition {
    switch self {
    case .and(let members):
      return Self.flattened(members, and: true)
    case .or(let members):
      return Self.flattened(members, and: false)
    case .constant, .percent, .signal, .unknown:
      return self
    }
  }

  private static func flattened(_ members: [Condition], and: Bool) -> Condition {
    var flat: [Condition] = []
    for member in members {
      switch member.normalized {
      case .and(let nested) where and: flat += nested
      case .or(let nested) where !and: flat += nested
      case let other: flat.append(other)
      }
    }
    switch flat.count {
    case 0: return .constant(and)
    case 1: return flat[0]
    default: return and ? .and(flat) : .or(flat)
    }
  }
}
