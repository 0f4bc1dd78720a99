public import Core

/// What happens to a runtime `UIWindowScene.requestGeometryUpdate(.iOS(interfaceOrientations:))`.
public enum GeometryUpdatePrediction: Sendable, Hashable {
  /// The scene may rotate to these orientations: the requested ones that are supported.
  case accepted(OrientationMask)
  /// The request fails (the error handler is called), for this reason.
  case denied(Denial)

  /// Why a geometry update is refused.
  public enum Denial: Sendable, Hashable, CustomStringConvertible {
    /// None of the requested orientations is supported; UIKit reports "None of the
    /// requested orientations are supported by the view controller".
    case noOverlap(requested: OrientationMask, supported: OrientationMask)
    /// iPhone Mirroring decides the orientation, not the app.
    case iPhoneMirroring
    /// The scene is a resizable window: its shape follows the person, not the app.
    case resizableWindow

    /// For example `none of [landscapeLeft] is supported; supported: [portrait]`.
    public var description: String {
      switch self {
      case .noOverlap(let requested, let supported):
        "none of \(requested) is supported; supported: \(supported)"
      case .iPhoneMirroring:
        "iPhone Mirroring shows the app in portrait; the app cannot rotate it"
      case .resizableWindow:
        "in a resizable window the person shapes the window; the app cannot rotate it"
      }
    }
  }
}
