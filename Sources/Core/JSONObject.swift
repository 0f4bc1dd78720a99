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

  /// Sets the member for `key` as the subscript does (a new key goes last, a repeated one
  /// keeps its place) and returns the value it replaced: one hash where reading the old value
  /// first and then setting would take two, for the parser's check of repeated keys.
  @discardableResult
  package mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
    let old = members.updateValue(value, forKey: key)
    if old == nil { keys.append(key) }
    return old
  }

  /// Iterates members in document order.
  public func makeIterator() -> Iterator {
    Iterator(keys: keys, members: members)
  }

  /// The members in document order. A concrete type rather than a lazy map over the keys,
  /// so callers in other modules iterate without generic code or metadata looked up at run
  /// time: reading a template walks thousands of objects.
  public struct Iterator: IteratorProtocol {
    private let keys: [String]
    private let members: [String: JSONValue]
    private var position = 0

    fileprivate init(keys: [String], members: [String: JSONValue]) {
      self.keys = keys
      self.members = members
    }

    /// The next member, or nil after the last.
    public mutating func next() -> (key: String, value: JSONValue)? {
      while position < keys.count {
        let key = keys[position]
        position += 1
        if let value = members[key] { return (key, value) }
      }
      return nil
    }
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
