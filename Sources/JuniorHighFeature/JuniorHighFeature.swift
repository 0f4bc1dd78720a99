import Core

/// The junior-high-school course, built by its own team. Imports Core only.
public enum JuniorHighFeature {
  /// The feature's identity.
  public static let id: FeatureID = .juniorHigh
}
