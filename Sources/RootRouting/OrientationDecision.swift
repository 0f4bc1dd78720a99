public import Core

/// What `OrientationPolicy` predicts UIKit does with a scenario.
public struct OrientationDecision: Sendable, Hashable {
  /// The orientations the interface may take (empty when UIKit would crash).
  public let effective: OrientationMask
  /// How strictly the system applies the masks.
  public let enforcement: OrientationEnforcement
  /// Whether UIKit raises `UIApplicationInvalidInterfaceOrientation`.
  public let crashes: Bool
  /// Whether App Store Connect rejects the build at upload (ITMS-90474 or ITMS-90475).
  public let appStoreRejects: Bool
  /// What of the scenario was ignored, removed or rejected, and why: each a
  /// `Reason.diagnostic`, since each is something the setup asked for and does not get.
  public let diagnostics: [Reason]

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(
    effective: OrientationMask, enforcement: OrientationEnforcement, crashes: Bool,
    appStoreRejects: Bool, diagnostics: [Reason]
  ) {
    self.effective = effective
    self.enforcement = enforcement
    self.crashes = crashes
    self.appStoreRejects = appStoreRejects
    self.diagnostics = diagnostics
  }
}
