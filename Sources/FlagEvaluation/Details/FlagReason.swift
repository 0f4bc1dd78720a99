/// Why a flag has its value, in OpenFeature's words (its resolution reasons). A string with
/// the standard's names as constants, since the standard allows a provider any other string.
/// Not Core's `Reason`, which is a sentence explaining a decision.
public struct FlagReason: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
  /// The reason as OpenFeature spells it, e.g. `TARGETING_MATCH`.
  public let rawValue: String

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// The value is the same for everyone: the parameter's default value, where it has no
  /// conditional values.
  public static let `static` = FlagReason(rawValue: "STATIC")
  /// A fallback: the parameter's default value where none of its conditions held, or the
  /// in-app default.
  public static let `default` = FlagReason(rawValue: "DEFAULT")
  /// A condition without a percent test chose the value.
  public static let targetingMatch = FlagReason(rawValue: "TARGETING_MATCH")
  /// A condition with a percent test chose the value: the user's percent bucket decided.
  public static let split = FlagReason(rawValue: "SPLIT")
  /// From a cache (not used by Switchyard, which says why instead).
  public static let cached = FlagReason(rawValue: "CACHED")
  /// The flag is disabled (not used: a Firebase parameter has no such state).
  public static let disabled = FlagReason(rawValue: "DISABLED")
  /// The reason could not be determined (not used).
  public static let unknown = FlagReason(rawValue: "UNKNOWN")
  /// The value may be out of date: the source is a client marked stale (`markStale()`).
  public static let stale = FlagReason(rawValue: "STALE")
  /// The evaluation failed; the caller's default is the value, and an error code says why.
  public static let error = FlagReason(rawValue: "ERROR")

  /// `rawValue`.
  public var description: String { rawValue }
}
