import Core
import RootRouting

/// How a user's route changed: the screens, or for a user who keeps the screen, the
/// orientations. Orientations follow the screen and the device, so a change of screen is
/// told by the screens alone and the users of one screen change are counted together
/// whatever their devices.
struct RouteTransition: Hashable, Sendable {
  /// One side: a screen's name, with the orientations when only they changed.
  struct End: Hashable, Sendable {
    let screen: String
    let orientations: OrientationMask?

    /// `elementary`, or `elementary (landscapeLeft, landscapeRight)`.
    var label: String {
      guard let orientations else { return screen }
      return "\(screen) (\(orientations.shortNames.joined(separator: ", ")))"
    }
  }

  let from: End
  let to: End

  /// The change from `before` to `after`, or nil when the route has the same screen and
  /// orientations.
  init?(_ before: Route, _ after: Route) {
    let (old, new) = (before.screen.name, after.screen.name)
    if old != new {
      from = End(screen: old, orientations: nil)
      to = End(screen: new, orientations: nil)
    } else if before.orientations != after.orientations {
      from = End(screen: old, orientations: before.orientations)
      to = End(screen: new, orientations: after.orientations)
    } else {
      return nil
    }
  }

  /// `elementary -> unavailable`.
  var label: String { "\(from.label) -> \(to.label)" }
}
