public import Core

/// The members of one JSON object of a template that the model has no property for, kept so
/// that writing the template back (`TemplateWriter`) loses nothing.
///
/// They are Firebase's fields that Switchyard reads past (`version.updateTime`,
/// `version.updateUser`, ...), members newer than this version or unknown to Firebase, and a
/// modeled member whose value the model cannot hold (an unknown `valueType`). Reading warns
/// about the ones Firebase does not define; evaluation never looks at any of them.
///
/// It also remembers the order of all of the object's members as read, modeled ones
/// included, so the writer puts each member back where it stood. That order is layout, not
/// content: it takes no part in equality, so a template read back from its own output is
/// equal to the one written.
public struct OtherMembers: Sendable, Hashable {
  /// The members, in document order.
  public var members: JSONObject
  /// Every member name of the object as read, in document order; empty for objects made in
  /// code, whose members are written in Firebase's order.
  var order: [String]

  /// Members made in code, written after the modeled ones.
  public init(_ members: JSONObject = JSONObject()) {
    self.members = members
    self.order = []
  }

  /// The members of `object` whose names are not in `modeled`, and the object's order.
  init(of object: JSONObject, excluding modeled: Set<String>) {
    members = JSONObject(
      object.lazy.filter { !modeled.contains($0.key) }.map { ($0.key, $0.value) })
    order = object.keys
  }

  /// The member `name`; setting nil removes it.
  public subscript(name: String) -> JSONValue? {
    get { members[name] }
    set { members[name] = newValue }
  }

  /// True when there are no members.
  public var isEmpty: Bool { members.isEmpty }

  /// Equal when they hold the same members; the remembered order does not count.
  public static func == (lhs: OtherMembers, rhs: OtherMembers) -> Bool {
    lhs.members == rhs.members
  }

  /// Hashes the members, consistent with `==`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(members)
  }
}

extension OtherMembers: ExpressibleByDictionaryLiteral {
  /// Members in the literal's order.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(JSONObject(elements))
  }
}
