/// A feature's decision about which users it serves, prepared from one activated config.
///
/// Preparing happens once per activation (`FeatureDescriptor.makeRule`): remote values are
/// read and decoded there, and any value that did not decode is kept in `diagnostics`. The
/// per-user decision, `eligibility(for:)`, then runs on every route decision, far more often,
/// so it should only compare values: no parsing, and ideally reasons built in advance.
public struct FeatureRule: Sendable {
  /// Problems found while reading the feature's config values (a malformed value that was
  /// replaced by its default, ...). Routes that consult this feature repeat them.
  public let diagnostics: [Reason]
  private let decide: @Sendable (FeatureUser) -> FeatureEligibility

  /// Creates a rule from its per-user decision and the diagnostics of its preparation.
  public init(
    diagnostics: [Reason] = [],
    decide: @escaping @Sendable (FeatureUser) -> FeatureEligibility
  ) {
    self.diagnostics = diagnostics
    self.decide = decide
  }

  /// Whether the feature serves `user`, and why.
  public func eligibility(for user: FeatureUser) -> FeatureEligibility {
    decide(user)
  }
}
