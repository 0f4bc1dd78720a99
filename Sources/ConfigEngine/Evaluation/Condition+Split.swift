extension Condition {
  /// Whether the condition holds a percent test anywhere in its tree: the rule by which a
  /// conditional value it chose was decided by a percent bucket (OpenFeature's `SPLIT`).
  ///
  /// A property of the condition, not of one evaluation, so it is read once per template: a
  /// user in `country == 'JP' && percent <= 10` was placed by the bucket, and so, by this
  /// rule, is a user in `country == 'JP' || percent <= 10` whom the country admitted. A
  /// percent test whose operator this version does not know is never true and is not counted.
  var holdsPercentTest: Bool {
    switch self {
    case .percent(let percent):
      if case .unknown = percent.range { return false }
      return true
    case .and(let members), .or(let members):
      return members.contains { $0.holdsPercentTest }
    case .constant, .signal, .unknown:
      return false
    }
  }
}
