/// Why a flag evaluation failed, with OpenFeature's error codes.
public enum FlagErrorCode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Nothing is loaded yet to evaluate (a source with no configuration).
  case providerNotReady = "PROVIDER_NOT_READY"
  /// Neither the template nor the in-app defaults have the key.
  case flagNotFound = "FLAG_NOT_FOUND"
  /// The value does not read as its declared type (a `BOOLEAN` that spells no Boolean), or a
  /// request that is not in OFREP's shape.
  case parseError = "PARSE_ERROR"
  /// Another type was asked than the flag's value has.
  case typeMismatch = "TYPE_MISMATCH"
  /// A targeting key is required and missing (not used: without one, percent conditions are
  /// false, as in Firebase).
  case targetingKeyMissing = "TARGETING_KEY_MISSING"
  /// An attribute of the context cannot be used; the message names it.
  case invalidContext = "INVALID_CONTEXT"
  /// The provider cannot recover (not used).
  case providerFatal = "PROVIDER_FATAL"
  /// Anything else, such as a hook that threw.
  case general = "GENERAL"

  /// `rawValue`, e.g. `FLAG_NOT_FOUND`.
  public var description: String { rawValue }
}
