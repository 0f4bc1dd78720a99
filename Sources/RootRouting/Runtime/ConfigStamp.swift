public import Foundation

/// The order of activations, supplied by the app with each config it hands the runtime: an
/// answer whose stamp is not newer than the last one applied is older than what is on screen
/// and is dropped.
///
/// Stamps compare by `instant`, then by `sequence`: use the activation's instant (a
/// snapshot's `activatedAt`), a counter, or both when several activations can share an
/// instant (a re-evaluation for a new context, a test on the manual clock).
public struct ConfigStamp: Sendable, Hashable, Comparable {
  /// When the values were activated.
  public let instant: Date
  /// Orders activations at the same instant.
  public let sequence: UInt64

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(instant: Date, sequence: UInt64 = 0) {
    self.instant = instant
    self.sequence = sequence
  }

  /// A stamp from a counter alone, for an app that numbers its activations.
  public init(sequence: UInt64) {
    self.init(instant: .distantPast, sequence: sequence)
  }

  /// Whether `lhs` was activated before `rhs`.
  public static func < (lhs: ConfigStamp, rhs: ConfigStamp) -> Bool {
    (lhs.instant, lhs.sequence) < (rhs.instant, rhs.sequence)
  }
}
