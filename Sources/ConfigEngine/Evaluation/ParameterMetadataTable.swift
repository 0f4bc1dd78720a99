import Core

/// The per-key metadata Firebase's app fetch answers beside the values, read once per
/// compiled template from the template's unknown top-level members (where
/// `FirebaseAppTemplateSource` keeps them): personalization, rollouts and experiments, so
/// `ConfigSnapshot.changedKeys` names a key whose metadata changed even when its value did
/// not, by the rules of Android's `ConfigContainer.getChangedParams` (firebase-rc-client.md
/// §2.3).
///
/// A template without any of the three members has no table (nil), so ordinary templates pay
/// nothing. Pieces that are not in Firebase's shape (an entry that is not an object, an
/// experiment without an id) are skipped: metadata never makes a template unusable.
struct ParameterMetadataTable: Sendable, Equatable {
  /// One experiment: its description without `affectedParameterKeys`, and those keys.
  struct Experiment: Sendable, Equatable {
    var description: JSONObject
    var keys: Set<String>
  }

  /// `personalizationMetadata[key]`, by key.
  var personalization: [String: JSONValue] = [:]
  /// Per key, the variant of each rollout that affects it (`rolloutId: variantId`).
  var rollouts: [String: [String: JSONValue]] = [:]
  /// `experimentDescriptions`, by `experimentId`.
  var experiments: [String: Experiment] = [:]

  /// The members of a fetched template that hold the metadata.
  static let members = ["personalizationMetadata", "rolloutMetadata", "experimentDescriptions"]

  /// The table of `template`'s metadata members; nil when it has none of them.
  init?(_ template: Template) {
    let others = template.otherMembers
    guard Self.members.contains(where: { others[$0] != nil }) else { return nil }
    for (key, value) in others["personalizationMetadata"]?.objectValue ?? JSONObject() {
      personalization[key] = value
    }
    for rollout in others["rolloutMetadata"]?.arrayValue ?? [] {
      guard let id = rollout["rolloutId"]?.stringValue else { continue }
      let variant = rollout["variantId"] ?? .null
      for key in Self.keys(rollout["affectedParameterKeys"]) {
        rollouts[key, default: [:]][id] = variant
      }
    }
    for experiment in others["experimentDescriptions"]?.arrayValue ?? [] {
      guard var description = experiment.objectValue,
        let id = description["experimentId"]?.stringValue
      else { continue }
      let keys = Self.keys(description["affectedParameterKeys"])
      description["affectedParameterKeys"] = nil
      experiments[id] = Experiment(description: description, keys: keys)
    }
  }

  /// The keys whose metadata differs between `old` and `new` (nil: no metadata):
  /// personalization or the rollout variants added, removed or changed; for experiments, all
  /// the affected keys of one only on one side, of both when its description changed, else
  /// the keys affected on one side only.
  static func changedKeys(
    from old: ParameterMetadataTable?, to new: ParameterMetadataTable?
  ) -> Set<String> {
    let old = old ?? ParameterMetadataTable()
    let new = new ?? ParameterMetadataTable()
    var changed: Set<String> = []
    for key in Set(old.personalization.keys).union(new.personalization.keys)
    where old.personalization[key] != new.personalization[key] {
      changed.insert(key)
    }
    for key in Set(old.rollouts.keys).union(new.rollouts.keys)
    where old.rollouts[key] != new.rollouts[key] {
      changed.insert(key)
    }
    for id in Set(old.experiments.keys).union(new.experiments.keys) {
      switch (old.experiments[id], new.experiments[id]) {
      case (let before?, let after?) where before.description != after.description:
        changed.formUnion(before.keys.union(after.keys))
      case (let before?, let after?):
        changed.formUnion(before.keys.symmetricDifference(after.keys))
      case (let only?, nil), (nil, let only?):
        changed.formUnion(only.keys)
      case (nil, nil):
        break
      }
    }
    return changed
  }

  private init() {}

  private static func keys(_ value: JSONValue?) -> Set<String> {
    Set((value?.arrayValue ?? []).compactMap(\.stringValue))
  }
}

extension CompiledTemplate {
  /// The members of a template that hold Firebase's per-key metadata, kept as unknown
  /// top-level members by a source that fetches Firebase's app answers.
  package static let metadataMembers = ParameterMetadataTable.members

  /// The keys whose metadata differs between `old` and `new` (either may be nil: no
  /// template); none when neither has metadata or both are the same compiled template.
  package static func keysWithChangedMetadata(
    from old: CompiledTemplate?, to new: CompiledTemplate?
  ) -> Set<String> {
    let (before, after) = (old?.storage.metadata, new?.storage.metadata)
    guard before != nil || after != nil, old?.storage !== new?.storage else { return [] }
    return ParameterMetadataTable.changedKeys(from: before, to: after)
  }
}
