public import Core

/// Values the app activated for the root, with the stamp that orders them against every
/// other activation: what a fetch answers, what the cache holds at launch, and what a later
/// update (real-time, a refresh) brings.
public struct ActivatedConfig: Sendable {
  /// The activated values.
  public let values: any ConfigValues
  /// When they were activated, in the app's order.
  public let stamp: ConfigStamp

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(_ values: any ConfigValues, stamp: ConfigStamp) {
    self.values = values
    self.stamp = stamp
  }
}
