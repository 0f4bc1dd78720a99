/// A JSON object that keeps its keys in document order. Iteration follows document order,
/// so output is stable and matches the input.
///
/// The members are one array in document order. An object of more than
/// `indexedMemberCount` members also keeps an index from key to position, so lookups stay
/// hashed; a small one (most of a template's: a parameter, a value, a condition) is scanned,
/// which costs less than hashing its key and allocates no dictionary.
public struct JSONObject: Sendable, Hashable, Sequence {
  /// The members in document order.
  private var entries: [(key: String, value: JSONValue)] = []
  /// Each key's position in `entries`, kept once the object has more than
  /// `indexedMemberCount` members; nil before.
  private var index: [String: Int]?

  /// The most members an object scans rather than indexes.
  static let indexedMemberCount = 8

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init() {}

  /// An object with these members in this order; a repeated key keeps its first position
  /// and its last value.
  public init(_ pairs: some Sequence<(String, JSONValue)>) {
    for (key, value) in pairs { self[key] = value }
  }

  /// The keys in document order.
  public var keys: [String] { entries.map(\.key) }

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public var count: Int { entries.count }

  /// True when the object has no members.
  public var isEmpty: Bool { entries.isEmpty }

  /// The position of `key` in `entries`, or nil.
  private func position(of key: String) -> Int? {
    if let index { return index[key] }
    return entries.firstIndex { $0.key == key }
  }

  /// The member for `key`; setting nil removes it.
  public subscript(key: String) -> JSONValue? {
    get { position(of: key).map { entries[$0].value } }
    set {
      if let newValue {
        updateValue(newValue, forKey: key)
      } else if let position = position(of: key) {
        entries.remove(at: position)
        reindex()
      }
    }
  }

  /// Sets the member for `key` as the subscript does (a new key goes last, a repeated one
  /// keeps its place) and returns the value it replaced: one lookup where reading the old
  /// value first and then setting would take two, for the parser's check of repeated keys.
  @discardableResult
  package mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
    if let position = position(of: key) {
      let old = entries[position].value
      entries[position].value = value
      return old
    }
    entries.append((key, value))
    if index != nil {
      index?[key] = entries.count - 1
    } else if entries.count > Self.indexedMemberCount {
      reindex()
    }
    return nil
  }

  /// Rebuilds the index after a removal (or when the object outgrows scanning).
  private mutating func reindex() {
    guard entries.count > Self.indexedMemberCount else {
      index = nil
      return
    }
    var positions = [String: Int](minimumCapacity: entries.count)
    for (position, entry) in entries.enumerated() { positions[entry.key] = position }
    index = positions
  }

  /// Iterates members in document order.
  public func makeIterator() -> Iterator {
    Iterator(entries: entries)
  }

  /// The members in document order. A concrete type rather than a lazy map, so callers in
  /// other modules iterate without generic code or metadata looked up at run time: reading
  /// a template walks thousands of objects.
  public struct Iterator: IteratorProtocol {
    private let entries: [(key: String, value: JSONValue)]
    private var position = 0

    fileprivate init(entries: [(key: String, value: JSONValue)]) {
      self.entries = entries
    }

    /// The next member, or nil after the last.
    public mutating func next() -> (key: String, value: JSONValue)? {
      guard position < entries.count else { return nil }
      defer { position += 1 }
      return entries[position]
    }
  }

  /// Objects are equal when they hold the same members, in any order.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.entries.count == rhs.entries.count else { return false }
    return lhs.entries.allSatisfy { rhs[$0.key] == $0.value }
  }

  /// Hashes the members in an order-independent way, consistent with `==`.
  public func hash(into hasher: inout Hasher) {
    var members = 0
    for entry in entries {
      var member = Hasher()
      member.combine(entry.key)
      member.combine(entry.value)
      members ^= member.finalize()
    }
    hasher.combine(entries.count)
    hasher.combine(members)
  }
}
