/// A parameter group: organisational only, its parameters are ordinary parameters.
public struct ParameterGroup: Sendable, Hashable {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public var name: String
  /// The description the console shows; evaluation ignores it.
  public var description: String?
  /// The members of the group object besides `description` and `parameters`.
  public var otherMembers: OtherMembers

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(name: String, description: String? = nil) {
    self.name = name
    self.description = description
    self.otherMembers = OtherMembers()
  }
}
