/// A typed value read through a `ConfigKey`, with where it came from and why, if the key's
/// default had to stand in for a value that did not decode.
public struct ResolvedValue<Value> {
  /// The decoded value, or the key's default when there was none to decode (see `source`).
  public let value: Value
  /// `remote` or `default` when a stored value decoded; `static` when the key's default was
  /// used (no value, or a value that did not decode).
  public let source: ConfigValueSource
  /// Set when a stored value did not decode and the default was used instead.
  public let diagnostic: Reason?

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(value: Value, source: ConfigValueSource, diagnostic: Reason?) {
    self.value = value
    self.source = source
    self.diagnostic = diagnostic
  }
}

extension ResolvedValue: Sendable where Value: Sendable {}
extension ResolvedValue: Equatable where Value: Equatable {}
