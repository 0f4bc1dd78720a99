public import Foundation

/// The instant a time condition compares against, with the text it came from.
public struct TimeTarget: Sendable, Hashable {
  /// The instant, resolved from the wall-clock text and the zone.
  public var instant: Date
  /// The wall-clock text as written, e.g. `2025-01-06T03:00:00`.
  public var text: String
  /// The zone name as written, or nil for GMT.
  public var zone: String?

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(instant: Date, text: String, zone: String?) {
    self.instant = instant
    self.text = text
    self.zone = zone
  }
}
