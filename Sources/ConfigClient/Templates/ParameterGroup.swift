/// A parameter group: organisational only, its parameters are ordinary parameters.
public struct ParameterGroup: Sendable, Hashable {
  /// The group's name.
  public var name: String
  /// The group's description.
  public var description: String?
  /// The members of the group object besides `description` and `parameters`.
  public var otherMembers: OtherMembers

  /// Creates a group.
  public init(name: String, description: String? = nil) {
    self.name = name
    self.description = description
    self.otherMembers = OtherMembers()
  }
}
