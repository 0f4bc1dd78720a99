import Core
import Testing

/// `JSONObject` below and above the size at which it starts indexing its keys: the same
/// order, lookups, replacement, removal, equality and hashing either way.
@Suite("JSONObject")
struct JSONObjectTests {
  /// An object of `count` members `k0`, `k1`, ... with the values 0, 1, ...
  static func object(_ count: Int) -> JSONObject {
    JSONObject((0..<count).map { ("k\($0)", JSONValue.number(JSONNumber($0))) })
  }

  @Test(
    "members keep document order; a repeated key keeps its place and takes the last value",
    arguments: [0, 1, 8, 9, 40])
  func orderAndLookups(count: Int) {
    var object = Self.object(count)
    #expect(object.keys == (0..<count).map { "k\($0)" })
    #expect(object.count == count && object.isEmpty == (count == 0))
    for position in 0..<count {
      #expect(object["k\(position)"] == .number(JSONNumber(position)))
    }
    #expect(object["absent"] == nil)
    object["k0"] = .string("replaced")
    object["new"] = .bool(true)
    #expect(object.keys == (count > 0 ? [] : ["k0"]) + (0..<count).map { "k\($0)" } + ["new"])
    #expect(object["k0"] == .string("replaced"))
    #expect(Array(object).last.map { $0.key } == "new")
  }

  @Test("removing members keeps the rest in order and findable, across the indexing size")
  func removal() {
    var object = Self.object(12)
    for removed in [11, 0, 5, 3] { object["k\(removed)"] = nil }
    let left = [1, 2, 4, 6, 7, 8, 9, 10]
    #expect(object.keys == left.map { "k\($0)" })
    for position in left { #expect(object["k\(position)"] == .number(JSONNumber(position))) }
    for removed in [11, 0, 5, 3] { #expect(object["k\(removed)"] == nil) }
    object["k0"] = .null
    #expect(object.keys.last == "k0" && object.count == 9)
  }

  @Test(
    "objects with the same members are equal and hash alike, whatever their order",
    arguments: [2, 8, 9, 30])
  func equalityIgnoresOrder(count: Int) {
    let forward = Self.object(count)
    let backward = JSONObject(Array(forward).reversed().map { ($0.key, $0.value) })
    #expect(forward == backward)
    #expect(forward.hashValue == backward.hashValue)
    var changed = backward
    changed["k0"] = .string("other")
    #expect(forward != changed)
    var fewer = forward
    fewer["k1"] = nil
    #expect(forward != fewer && Set([forward, backward, fewer]).count == 2)
  }
}
