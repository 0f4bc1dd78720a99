public import Core

/// Everything UIKit looks at when it decides which orientations the interface may take:
/// the device, the OS, the app's Info.plist and delegate, the feature's request and the
/// windowing mode. The input of `OrientationPolicy`.
public struct OrientationScenario: Sendable, Hashable {
  /// The kind of device.
  public var idiom: DeviceIdiom
  /// The OS major version, e.g. 17 or 26.
  public var osMajorVersion: Int
  /// `UISupportedInterfaceOrientations`, or nil when the Info.plist omits it.
  public var plist: OrientationMask?
  /// `UISupportedInterfaceOrientations~ipad`, or nil when the Info.plist omits it.
  public var plistPad: OrientationMask?
  /// `UIRequiresFullScreen`.
  public var requiresFullScreen: Bool
  /// Whether the app has a launch screen (storyboard or `UILaunchScreen`).
  public var hasLaunchScreen: Bool
  /// What the app (or scene) delegate's `supportedInterfaceOrientations` returns, or nil
  /// when the app does not implement it.
  public var delegateMask: OrientationMask?
  /// What the feature's view controller asks for (`supportedInterfaceOrientations`).
  public var featureMask: OrientationMask
  /// Whether the phone has a Home button (Touch ID era) rather than Face ID.
  public var hasHomeButton: Bool
  /// How the scene is on screen.
  public var windowing: WindowingMode

  /// Creates a scenario; `featureMask` defaults to the platform default for `idiom`.
  public init(
    idiom: DeviceIdiom,
    osMajorVersion: Int = 17,
    plist: OrientationMask? = nil,
    plistPad: OrientationMask? = nil,
    requiresFullScreen: Bool = false,
    hasLaunchScreen: Bool = true,
    delegateMask: OrientationMask? = nil,
    featureMask: OrientationMask? = nil,
    hasHomeButton: Bool = false,
    windowing: WindowingMode = .fullScreen
  ) {
    self.idiom = idiom
    self.osMajorVersion = osMajorVersion
    self.plist = plist
    self.plistPad = plistPad
    self.requiresFullScreen = requiresFullScreen
    self.hasLaunchScreen = hasLaunchScreen
    self.delegateMask = delegateMask
    self.featureMask = featureMask ?? FeatureOrientations.platformDefault[idiom]
    self.hasHomeButton = hasHomeButton
    self.windowing = windowing
  }

  /// The orientations the Info.plist declares for this device: on a pad the `~ipad` key
  /// first, then the general one; absent keys mean the platform default (all four on a
  /// pad, all but upside-down on a phone).
  public var plistMask: OrientationMask {
    switch idiom {
    case .pad: plistPad ?? plist ?? .all
    case .phone: plist ?? .allButUpsideDown
    }
  }

  /// The app's mask: the delegate's when it implements one (it replaces the Info.plist set,
  /// it does not narrow it), else the Info.plist's.
  public var appMask: OrientationMask { delegateMask ?? plistMask }

  /// The orientations the hardware offers: phones without a Home button never turn the
  /// interface upside down.
  public var deviceMask: OrientationMask {
    idiom == .phone && !hasHomeButton ? .allButUpsideDown : .all
  }
}
