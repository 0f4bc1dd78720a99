/// A JSON number that remembers how it was written (`10`, `1e3`, `0.50`), so the tool can
/// repeat a number exactly; equality compares numeric values.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
  /// The literal as written in the document, or the shortest spelling for computed numbers.
  public let literal: String
  /// The numeric value (infinite when the literal overflows a `Double`).
  public let doubleValue: Double

  /// A number from a literal that the parser has already checked against JSON's grammar.
  package init(validatedLiteral literal: String) {
    self.literal = literal
    self.doubleValue = Double(literal) ?? .nan
  }

  /// A number from an integer.
  public init(_ value: Int) {
    literal = String(value)
    doubleValue = Double(value)
  }

  /// A number from a `Double`: integral values print without a fraction (`10`, not `10.0`);
  /// a non-finite value, which JSON cannot hold, becomes 0.
  public init(_ value: Double) {
    let finite = value.isFinite ? value : 0
    if finite == finite.rounded(), abs(finite) < 1e15 {
      literal = String(Int64(finite))
    } else {
      literal = "\(finite)"
    }
    doubleValue = finite
  }

  /// The value as an `Int` when it is integral and fits (also on 32-bit platforms), below
  /// 2^53 in magnitude so the `Double` held it exactly.
  public var intValue: Int? {
    guard abs(doubleValue) < 9.0e15 else { return nil }
    return Int(exactly: doubleValue)
  }

  /// `literal`: the number as the document spelled it, e.g. `1.50`.
  public var description: String { literal }

  /// Numbers are equal when their values are, whatever their spelling.
  public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
    lhs.doubleValue == rhs.doubleValue
  }

  /// Hashes the value, consistent with `==`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(doubleValue)
  }
}
