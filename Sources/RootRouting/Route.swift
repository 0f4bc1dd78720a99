public import Core

/// A route decision: the root screen, why, and the orientations the screen asks for.
public struct Route: Sendable, Hashable {
  /// The screen to show.
  public let screen: Screen
  /// Why, in order, with diagnostics about config values that were worked around.
  public let reasons: [Reason]
  /// The orientations the screen asks for: the feature's mask for the device, or the
  /// platform default for screens that belong to no feature.
  public let orientations: OrientationMask

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(screen: Screen, reasons: [Reason], orientations: OrientationMask) {
    self.screen = screen
    self.reasons = reasons
    self.orientations = orientations
  }
}

extension Route: CustomStringConvertible {
  /// The screen, then one reason per line, for a person: `elementary\n  because ...`.
  public var description: String {
    var lines = [screen.name + " " + orientations.description]
    for reason in reasons {
      lines.append(
        reason.kind == .because ? "  because " + reason.message : "  " + reason.description)
    }
    return lines.joined(separator: "\n")
  }
}
