import Core

/// The elementary-school course, built by its own team. Imports Core only.
public enum ElementaryFeature {
  /// The feature's identity.
  public static let id: FeatureID = .elementary
}
