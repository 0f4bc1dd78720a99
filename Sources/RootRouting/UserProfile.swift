public import Core

/// The signed-in user's profile as the backend reports it.
public struct UserProfile: Sendable, Hashable {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public let grade: Grade
  /// The feature the backend chose for the user, when the backend owns the selection; nil
  /// lets the router pick the first feature that serves the user.
  public let assignedFeature: FeatureID?

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(grade: Grade, assignedFeature: FeatureID? = nil) {
    self.grade = grade
    self.assignedFeature = assignedFeature
  }
}
