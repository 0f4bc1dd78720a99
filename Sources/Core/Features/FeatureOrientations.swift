/// The interface orientations a feature asks for, per kind of device.
public struct FeatureOrientations: Sendable, Hashable {
  /// The orientations requested on a phone.
  public let phone: OrientationMask
  /// The orientations requested on a pad.
  public let pad: OrientationMask

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(phone: OrientationMask, pad: OrientationMask) {
    self.phone = phone
    self.pad = pad
  }

  /// The same orientations on every device.
  public init(_ mask: OrientationMask) {
    self.init(phone: mask, pad: mask)
  }

  /// UIKit's defaults for a view controller that does not override its orientations: every
  /// orientation but upside-down on a phone, all four on a pad. Screens that belong to no
  /// feature (login, loading, ...) use these.
  public static let platformDefault = FeatureOrientations(
    phone: .allButUpsideDown, pad: .all)

  /// The orientations requested on `idiom`.
  public subscript(idiom: DeviceIdiom) -> OrientationMask {
    switch idiom {
    case .phone: phone
    case .pad: pad
    }
  }
}
