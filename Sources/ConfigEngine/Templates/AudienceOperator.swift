/// Audience-list operators of `app.audiences`.
public enum AudienceOperator: String, Sendable, Hashable, CaseIterable {
  /// The user is in at least one target audience.
  case inAtLeastOne
  /// The user is not in at least one target audience.
  case notInAtLeastOne
  /// The user is in every target audience.
  case inAll
  /// The user is in none of the target audiences.
  case notInAll
}
