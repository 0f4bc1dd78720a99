/// One interface orientation, named as UIKit and Info.plist name it.
public enum Orientation: String, Sendable, Hashable, CaseIterable, Codable {
  /// Home button (or the bottom edge) at the bottom.
  case portrait
  /// Upside down: the bottom edge at the top.
  case portraitUpsideDown
  /// UIKit's landscape-left: the device's bottom edge on the right.
  case landscapeLeft
  /// UIKit's landscape-right: the device's bottom edge on the left.
  case landscapeRight

  /// The short name, e.g. `portrait`, `landscapeLeft`.
  public var shortName: String { rawValue }

  /// The Info.plist spelling, e.g. `UIInterfaceOrientationPortrait`.
  public var plistName: String {
    switch self {
    case .portrait: "UIInterfaceOrientationPortrait"
    case .portraitUpsideDown: "UIInterfaceOrientationPortraitUpsideDown"
    case .landscapeLeft: "UIInterfaceOrientationLandscapeLeft"
    case .landscapeRight: "UIInterfaceOrientationLandscapeRight"
    }
  }

  /// Parses either a short name (`portrait`) or an Info.plist name
  /// (`UIInterfaceOrientationPortrait`); nil for anything else.
  public init?(name: some StringProtocol) {
    if let orientation = Orientation(rawValue: String(name)) {
      self = orientation
      return
    }
    guard let orientation = Orientation.allCases.first(where: { $0.plistName == name }) else {
      return nil
    }
    self = orientation
  }

  /// The one-orientation mask, with UIKit's raw value.
  public var mask: OrientationMask {
    switch self {
    case .portrait: .portrait
    case .portraitUpsideDown: .portraitUpsideDown
    case .landscapeLeft: .landscapeLeft
    case .landscapeRight: .landscapeRight
    }
  }
}

extension Orientation: CustomStringConvertible {
  /// The short name, e.g. `landscapeLeft`, as JSON and the tool spell it.
  public var description: String { rawValue }
}
