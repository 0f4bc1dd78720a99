/// The signed-in user as a feature sees them when it decides whether to serve them: the
/// grade the backend reports and the kind of device in hand.
public struct FeatureUser: Sendable, Hashable {
  /// The user's school grade.
  public let grade: Grade
  /// The device the app runs on.
  public let idiom: DeviceIdiom

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(grade: Grade, idiom: DeviceIdiom) {
    self.grade = grade
    self.idiom = idiom
  }
}
