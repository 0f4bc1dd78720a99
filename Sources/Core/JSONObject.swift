/// A JSON object that keeps its keys in document order. Lookups are hashed; iteration
/// follows document order so output is stable and matches the input.
public struct JSONObject: Sendable, Hashable, Sequence {
  /// The keys in document order.
  public private(set) var keys: [String] = []
  private var members: [String: JSONValue] = [:]

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init() {}

  /// An object with these members in this order; a repeated key keeps its first position
  /// and its last value.
  public init(_ pairs: some Sequence<(String, JSONValue)>) {
    for (key, value) in pairs { self[key] = value }
  }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public var count: Int { keys.count }

  /// True when the object has no members.
  public var isEmpty: Bool { keys.isEmpty }

  /// The member for `key`; setting nil removes it.
  public subscript(key: String) -> JSONValue? {
    get { members[key] }
    set {
      if let newValue {
        if members.updateValue(newValue, forKey: key) == nil { keys.append(key) }
      } else if members.removeValue(forKey: key) != nil {
        keys.removeAll { $0 == key }
      }
    }
  }

  /// Iterates members in document order.
  public func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
    let members = self.members
    return keys.lazy.compactMap { key in members[key].map { (key: key, value: $0) } }
      .makeIterator()
  }

  /// Objects are equal when they hold the same members, in any order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.members == rhs.members
  }

  /// Hashes the members, consistent with `==`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(members)
  }
}
