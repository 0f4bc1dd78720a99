/// The kind of device the app runs on, as far as routing and orientation care.
public enum DeviceIdiom: String, Sendable, Hashable, CaseIterable, Codable {
  /// An iPhone (or any phone-sized device).
  case phone
  /// An iPad.
  case pad
}

extension DeviceIdiom: CustomStringConvertible {
  /// `phone` or `pad`.
  public var description: String { rawValue }
}
