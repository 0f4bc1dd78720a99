/// A value together with the reasons that produced it: the shape of every Switchyard answer
/// that a person may ask "why?" about.
public struct Explained<Value> {
  /// The value `reasons` explain.
  public var value: Value
  /// Why, in order.
  public var reasons: [Reason]

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(_ value: Value, reasons: [Reason] = []) {
    self.value = value
    self.reasons = reasons
  }

  /// The diagnostics among the reasons.
  public var diagnostics: [Reason] { reasons.filter { $0.kind == .diagnostic } }
}

extension Explained: Sendable where Value: Sendable {}
extension Explained: Equatable where Value: Equatable {}
extension Explained: Hashable where Value: Hashable {}
