/// A template's `version` object: its number and description, and Firebase's output-only
/// fields (`updateTime`, `updateUser`, `updateOrigin`, `updateType`, `rollbackSource`,
/// `isLegacy`) kept in `otherMembers` as they were read.
public struct TemplateVersion: Sendable, Hashable {
  /// `versionNumber`: Firebase writes it as a string holding an int64.
  public var number: Int?
  /// `description`: the one field Firebase takes from a template being published.
  public var description: String?
  /// Every other member of the version object.
  public var otherMembers: OtherMembers
  /// Whether the number was read as a JSON number rather than Firebase's string, so it is
  /// written back the same way.
  var numberIsJSONNumber = false

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(number: Int? = nil, description: String? = nil) {
    self.number = number
    self.description = description
    self.otherMembers = OtherMembers()
  }

  /// Equal when number, description and other members are; the number's spelling does not
  /// count.
  public static func == (lhs: TemplateVersion, rhs: TemplateVersion) -> Bool {
    lhs.number == rhs.number && lhs.description == rhs.description
      && lhs.otherMembers == rhs.otherMembers
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(number)
    hasher.combine(description)
    hasher.combine(otherMembers)
  }
}
