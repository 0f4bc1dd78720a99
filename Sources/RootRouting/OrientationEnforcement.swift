/// How strictly the system applies the app's orientation masks.
public enum OrientationEnforcement: String, Sendable, Hashable, CaseIterable {
  /// The interface only ever takes the effective orientations.
  case enforced
  /// The masks are a preference the system follows when the window allows it.
  case bestEffort
  /// The system does not consult the app's or the feature's masks at all.
  case notEnforced
}
