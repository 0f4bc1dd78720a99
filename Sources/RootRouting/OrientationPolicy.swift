public import Core

/// Predicts which interface orientations UIKit allows, following UIKit's documented rules,
/// so an orientation setup can be checked in a unit test instead of on devices.
///
/// The rules, with where they come from:
/// - The app's mask is the app (or scene) delegate's `supportedInterfaceOrientations` when
///   implemented; Apple documents that it is used instead of the Info.plist set (the scene
///   delegate's "replaces" it), so it can enable what the Info.plist leaves out.
/// - The device's mask: iPhones without a Home button never rotate upside down, whatever
///   the masks say; Apple staff called this "by design".
/// - An iPad app whose Info.plist lists all four orientations, that has a launch screen and
///   does not set `UIRequiresFullScreen` supports multitasking. For such apps UIKit does
///   not consult view controllers' `supportedInterfaceOrientations` ("multitasking apps
///   must support all orientations"), nor, in practice, the delegate's narrower mask.
///   Hence on iPad "enabled in Info.plist, disabled in code" does not work, while
///   "disabled in Info.plist, enabled in code (through the delegate)" does.
/// - An iPad build that is not multitasking-eligible and does not set
///   `UIRequiresFullScreen` is refused at upload: ITMS-90474 when the Info.plist lists fewer
///   than four orientations, ITMS-90475 when it lists four but has no launch screen.
/// - Otherwise the interface takes app ∩ feature ∩ device. An empty intersection makes UIKit
///   raise `UIApplicationInvalidInterfaceOrientation` ("Supported orientations has no
///   common orientation with the application").
/// - Since iPadOS 26 `UIRequiresFullScreen` is deprecated (TN3192) and its compatibility
///   mode may be resized, so orientations become a preference; likewise in any resizable
///   window. iPhone Mirroring shows the app in portrait. `UIRequiresFullScreen` is an
///   iPad key: iPhone apps ignore it.
public enum OrientationPolicy {
  /// The first iPadOS major version in which `UIRequiresFullScreen` is deprecated.
  public static let fullScreenDeprecationVersion = 26

  /// What UIKit does with `scenario`.
  public static func decide(_ scenario: OrientationScenario) -> OrientationDecision {
    var diagnostics: [Reason] = []
    let windowing = effectiveWindowing(scenario, diagnostics: &diagnostics)
    let plistMask = scenario.plistMask
    let device = scenario.deviceMask
    var appStoreRejects = false

    switch scenario.idiom {
    case .phone:
      if scenario.requiresFullScreen {
        diagnostics.append(
          .diagnostic("UIRequiresFullScreen is an iPad key; iPhone apps ignore it"))
      }
    case .pad:
      if !scenario.requiresFullScreen && plistMask == .all && scenario.hasLaunchScreen {
        return multitaskingDecision(scenario, device: device, diagnostics: diagnostics)
      }
      if !scenario.requiresFullScreen {
        appStoreRejects = true
        diagnostics.append(
          .diagnostic(
            plistMask == .all
              ? "ITMS-90475: an iPad app that lists all four orientations without "
                + "UIRequiresFullScreen supports multitasking, which requires a launch screen; "
                + "the upload is rejected"
              : "ITMS-90474: an iPad app without UIRequiresFullScreen must list all four "
                + "orientations in its Info.plist, and it lists \(plistMask); the upload is rejected"
          ))
      }
    }

    let app = scenario.appMask
    let feature = scenario.featureMask
    let removedByApp = feature.subtracting(app)
    if !removedByApp.isEmpty {
      let source = scenario.delegateMask == nil ? "Info.plist" : "app delegate"
      diagnostics.append(
        .diagnostic(
          "the feature asks for \(removedByApp), which the app mask \(app) from the \(source) removes"
        ))
    }
    let removedByDevice = feature.intersection(app).subtracting(device)
    if !removedByDevice.isEmpty {
      diagnostics.append(
        .diagnostic(
          "this iPhone has no Home button, so it never shows \(removedByDevice)"))
    }
    let allowed = app.intersection(feature).intersection(device)
    if allowed.isEmpty {
      diagnostics.append(
        .diagnostic(
          "no orientation is in the app mask \(app), the feature's \(feature) and the device's "
            + "\(device): UIKit raises UIApplicationInvalidInterfaceOrientation"))
      return OrientationDecision(
        effective: [], enforcement: .enforced, crashes: true, appStoreRejects: appStoreRejects,
        diagnostics: diagnostics)
    }

    var effective = allowed
    let enforcement: OrientationEnforcement
    switch windowing {
    case .mirroring:
      effective = .portrait
      enforcement = .notEnforced
      diagnostics.append(
        .diagnostic(
          allowed.contains(.portrait)
            ? "iPhone Mirroring shows the app in portrait"
            : "iPhone Mirroring shows the app in portrait, although it allows only \(allowed)"))
    case .resizable:
      enforcement = .bestEffort
      diagnostics.append(
        .diagnostic(
          "in a resizable window the orientations are a preference the window's shape can override")
      )
    case .fullScreen:
      if scenario.idiom == .pad && scenario.requiresFullScreen
        && scenario.osMajorVersion >= fullScreenDeprecationVersion
      {
        enforcement = .bestEffort
        diagnostics.append(
          .diagnostic(
            "UIRequiresFullScreen is deprecated since iPadOS \(fullScreenDeprecationVersion) "
              + "(TN3192): the orientations are a preference, not a lock"))
      } else {
        enforcement = .enforced
      }
    }
    return OrientationDecision(
      effective: effective, enforcement: enforcement, crashes: false,
      appStoreRejects: appStoreRejects, diagnostics: diagnostics)
  }

  /// Predicts a runtime `requestGeometryUpdate` asking for `requested` in `scenario`: denied
  /// when the windowing mode decides the orientation, or when no requested orientation is
  /// in the effective mask (UIKit's error: "None of the requested orientations are
  /// supported by the view controller"); otherwise accepted with the supported part.
  public static func predictGeometryUpdate(
    requesting requested: OrientationMask, in scenario: OrientationScenario
  ) -> GeometryUpdatePrediction {
    var ignored: [Reason] = []
    switch effectiveWindowing(scenario, diagnostics: &ignored) {
    case .mirroring: return .denied(.iPhoneMirroring)
    case .resizable: return .denied(.resizableWindow)
    case .fullScreen: break
    }
    let effective = decide(scenario).effective
    let granted = requested.intersection(effective)
    guard !granted.isEmpty else {
      return .denied(.noOverlap(requested: requested, supported: effective))
    }
    return .accepted(granted)
  }

  /// A multitasking-eligible iPad app: the system uses the device's orientations and
  /// ignores the delegate's and the feature's masks.
  private static func multitaskingDecision(
    _ scenario: OrientationScenario, device: OrientationMask, diagnostics: [Reason]
  ) -> OrientationDecision {
    var diagnostics = diagnostics
    diagnostics.append(
      .diagnostic(
        "the iPad app supports multitasking (all four orientations in the Info.plist, a launch "
          + "screen, no UIRequiresFullScreen): the system ignores the app delegate's and the "
          + "feature's masks"))
    if scenario.featureMask != device {
      diagnostics.append(
        .diagnostic(
          "the feature's \(scenario.featureMask) is not enforced; only an app that opts out of "
            + "multitasking (UIRequiresFullScreen, or fewer than four Info.plist orientations "
            + "with the delegate enabling the rest) can lock it"))
    }
    return OrientationDecision(
      effective: device, enforcement: .notEnforced, crashes: false, appStoreRejects: false,
      diagnostics: diagnostics)
  }

  /// The windowing mode the device can actually be in: iPhone Mirroring exists for iPhones
  /// only and resizable windows for iPads only; anything else is read as full screen.
  private static func effectiveWindowing(
    _ scenario: OrientationScenario, diagnostics: inout [Reason]
  ) -> WindowingMode {
    switch (scenario.windowing, scenario.idiom) {
    case (.mirroring, .pad):
      diagnostics.append(.diagnostic("iPhone Mirroring mirrors iPhones only; read as full screen"))
      return .fullScreen
    case (.resizable, .phone):
      diagnostics.append(.diagnostic("iPhone apps have no resizable windows; read as full screen"))
      return .fullScreen
    case (.fullScreen, _), (.mirroring, .phone), (.resizable, .pad):
      return scenario.windowing
    }
  }
}
