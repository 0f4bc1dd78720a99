@testable import ConfigEngine
import Core
import SwitchyardTestSupport
import Testing

/// Which keys Firebase's metadata makes "updated" (Android's `getChangedParams`,
/// firebase-rc-client.md §2.3), as `ConfigSnapshot.changedKeys` adds them.
@Suite("ParameterMetadataTable")
struct ParameterMetadataTableTests {
  /// One change of metadata and the keys it updates.
  struct Change: Sendable, CustomTestStringConvertible {
    let name: String
    let before: JSONObject
    let after: JSONObject
    let keys: Set<String>
    var testDescription: String { name }
  }

  static func rollouts(_ entries: [(id: String, variant: String, keys: [String])]) -> JSONObject {
    let value = JSONValue.array(
      entries.map { entry in
        [
          "rolloutId": .string(entry.id), "variantId": .string(entry.variant),
          "affectedParameterKeys": .array(entry.keys.map(JSONValue.string)),
        ]
      })
    return JSONObject([("rolloutMetadata", value)])
  }

  static func experiments(
    _ entries: [(id: String, variant: String, keys: [String])]
  ) -> JSONObject {
    let value = JSONValue.array(
      entries.map { entry in
        [
          "experimentId": .string(entry.id), "variantId": .string(entry.variant),
          "triggerTimeoutMillis": "15552000000",
          "affectedParameterKeys": .array(entry.keys.map(JSONValue.string)),
        ]
      })
    return JSONObject([("experimentDescriptions", value)])
  }

  static func personalization(_ entries: [String: String]) -> JSONObject {
    JSONObject([
      (
        "personalizationMetadata",
        .object(JSONObject(entries.map { ($0.key, ["personalizationId": .string($0.value)]) }))
      )
    ])
  }

  static let changes: [Change] = [
    Change(name: "no metadata on either side", before: JSONObject(), after: JSONObject(), keys: []),
    Change(
      name: "the same metadata", before: rollouts([("r1", "v1", ["a", "b"])]),
      after: rollouts([("r1", "v1", ["a", "b"])]), keys: []),
    Change(
      name: "a rollout's variant changed", before: rollouts([("r1", "v1", ["a", "b"])]),
      after: rollouts([("r1", "v2", ["a", "b"])]), keys: ["a", "b"]),
    Change(
      name: "a rollout added", before: JSONObject(), after: rollouts([("r1", "v1", ["a"])]),
      keys: ["a"]),
    Change(
      name: "a rollout removed", before: rollouts([("r1", "v1", ["a"]), ("r2", "v1", ["b"])]),
      after: rollouts([("r1", "v1", ["a"])]), keys: ["b"]),
    Change(
      name: "a rollout reaches another key", before: rollouts([("r1", "v1", ["a"])]),
      after: rollouts([("r1", "v1", ["a", "c"])]), keys: ["c"]),
    Change(
      name: "personalization changed, added and removed",
      before: personalization(["a": "p1", "b": "p2"]),
      after: personalization(["a": "p9", "c": "p3"]), keys: ["a", "b", "c"]),
    Change(
      name: "an experiment only after", before: JSONObject(),
      after: experiments([("e1", "1", ["a", "b"])]), keys: ["a", "b"]),
    Change(
      name: "an experiment only before", before: experiments([("e1", "1", ["a"])]),
      after: JSONObject(),
      keys: ["a"]),
    Change(
      name: "an experiment's variant changed: the keys of both sides",
      before: experiments([("e1", "1", ["a", "b"])]),
      after: experiments([("e1", "2", ["b", "c"])]), keys: ["a", "b", "c"]),
    Change(
      name: "an experiment unchanged but for its keys: the keys on one side only",
      before: experiments([("e1", "1", ["a", "b"])]),
      after: experiments([("e1", "1", ["b", "c"])]), keys: ["a", "c"]),
    Change(
      name: "metadata not in Firebase's shape is skipped",
      before: JSONObject([
        ("rolloutMetadata", JSONValue.string("nonsense")),
        ("experimentDescriptions", JSONValue.array([1, 2])),
      ]),
      after: JSONObject([("rolloutMetadata", JSONValue.array([["variantId": "v1"]]))]), keys: []),
  ]

  @Test("the keys a metadata change updates", arguments: changes)
  func changedKeys(_ change: Change) {
    func table(_ members: JSONObject) -> ParameterMetadataTable? {
      var template = Template()
      template.otherMembers = OtherMembers(members)
      return ParameterMetadataTable(template)
    }
    #expect(
      ParameterMetadataTable.changedKeys(from: table(change.before), to: table(change.after))
        == change.keys)
    #expect(
      ParameterMetadataTable.changedKeys(from: table(change.after), to: table(change.before))
        == change.keys)
  }

  @Test("a template without metadata has no table, and one compiled template changes no metadata")
  func noTable() throws {
    let json = #"{"parameters": {"a": {"defaultValue": {"value": "1"}}}}"#
    let plain = CompiledTemplate(try Template(json: json))
    #expect(plain.storage.metadata == nil)
    var template = try Template(json: json)
    template.otherMembers = OtherMembers(Self.rollouts([("r1", "v1", ["a"])]))
    let withRollout = CompiledTemplate(template)
    #expect(CompiledTemplate.keysWithChangedMetadata(from: withRollout, to: withRollout).isEmpty)
    #expect(CompiledTemplate.keysWithChangedMetadata(from: plain, to: withRollout) == ["a"])
    #expect(CompiledTemplate.keysWithChangedMetadata(from: withRollout, to: nil) == ["a"])
  }
}
