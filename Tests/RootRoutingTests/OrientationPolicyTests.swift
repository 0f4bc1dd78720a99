import Core
import RootRouting
import Testing

@Suite("OrientationPolicy")
struct OrientationPolicyTests {
  /// One row: a scenario, the expected decision, and a phrase its diagnostics must contain.
  struct Row: Sendable, CustomTestStringConvertible {
    let name: String
    let scenario: OrientationScenario
    let effective: OrientationMask
    let enforcement: OrientationEnforcement
    var crashes = false
    var appStoreRejects = false
    var diagnostic: String? = nil

    var testDescription: String { name }
  }

  static let portraitOnly: OrientationMask = .portrait
  static let landscape: OrientationMask = .landscape

  static let rows: [Row] = [
    // iPhone: the device mask and the app mask.
    Row(
      name: "iPhone without a Home button, all defaults",
      scenario: OrientationScenario(idiom: .phone),
      effective: .allButUpsideDown, enforcement: .enforced),
    Row(
      name: "iPhone without a Home button never turns upside down",
      scenario: OrientationScenario(idiom: .phone, plist: .all, featureMask: .all),
      effective: .allButUpsideDown, enforcement: .enforced, diagnostic: "no Home button"),
    Row(
      name: "iPhone with a Home button turns upside down when everything allows it",
      scenario: OrientationScenario(
        idiom: .phone, plist: .all, featureMask: .all, hasHomeButton: true),
      effective: .all, enforcement: .enforced),
    Row(
      name: "iPhone without a Home button, upside-down-only feature: crash",
      scenario: OrientationScenario(idiom: .phone, plist: .all, featureMask: .portraitUpsideDown),
      effective: [], enforcement: .enforced, crashes: true,
      diagnostic: "UIApplicationInvalidInterfaceOrientation"),
    Row(
      name: "iPhone default plist removes the upside-down a feature asks for: crash",
      scenario: OrientationScenario(
        idiom: .phone, featureMask: .portraitUpsideDown, hasHomeButton: true),
      effective: [], enforcement: .enforced, crashes: true,
      diagnostic: "from the Info.plist removes"),
    Row(
      name: "iPhone portrait-only plist, landscape feature: empty intersection, crash",
      scenario: OrientationScenario(idiom: .phone, plist: portraitOnly, featureMask: landscape),
      effective: [], enforcement: .enforced, crashes: true,
      diagnostic: "UIApplicationInvalidInterfaceOrientation"),
    Row(
      name: "iPhone plist removes part of the feature's request",
      scenario: OrientationScenario(
        idiom: .phone, plist: portraitOnly, featureMask: [.portrait, .landscapeLeft]),
      effective: .portrait, enforcement: .enforced,
      diagnostic: "the feature asks for [landscapeLeft], which the app mask [portrait] from the"),
    Row(
      name: "iPhone delegate replaces the plist: disabled in Info.plist, enabled in code",
      scenario: OrientationScenario(
        idiom: .phone, plist: portraitOnly, delegateMask: .allButUpsideDown,
        featureMask: landscape),
      effective: .landscape, enforcement: .enforced),
    Row(
      name: "iPhone delegate narrower than the plist wins",
      scenario: OrientationScenario(idiom: .phone, plist: .all, delegateMask: portraitOnly),
      effective: .portrait, enforcement: .enforced, diagnostic: "from the app delegate removes"),
    Row(
      name: "iPhone ignores UIRequiresFullScreen",
      scenario: OrientationScenario(idiom: .phone, osMajorVersion: 26, requiresFullScreen: true),
      effective: .allButUpsideDown, enforcement: .enforced, diagnostic: "iPhone apps ignore it"),
    // iPad, multitasking-eligible: the masks are ignored.
    Row(
      name: "iPad multitasking-eligible (defaults): feature mask not enforced",
      scenario: OrientationScenario(idiom: .pad, featureMask: portraitOnly),
      effective: .all, enforcement: .notEnforced, diagnostic: "supports multitasking"),
    Row(
      name: "iPad enabled in Info.plist, disabled in code: the delegate is ignored",
      scenario: OrientationScenario(
        idiom: .pad, plistPad: .all, delegateMask: portraitOnly, featureMask: portraitOnly),
      effective: .all, enforcement: .notEnforced,
      diagnostic: "ignores the app delegate's and the feature's masks"),
    Row(
      name: "iPad ~ipad key wins over the general key",
      scenario: OrientationScenario(idiom: .pad, plist: portraitOnly, plistPad: .all),
      effective: .all, enforcement: .notEnforced),
    Row(
      name: "iPad multitasking-eligible in a resizable window: still not enforced",
      scenario: OrientationScenario(idiom: .pad, featureMask: landscape, windowing: .resizable),
      effective: .all, enforcement: .notEnforced),
    // iPad, not multitasking-eligible.
    Row(
      name: "iPad disabled in Info.plist, enabled in code, full screen: enforced",
      scenario: OrientationScenario(
        idiom: .pad, plistPad: portraitOnly, requiresFullScreen: true, delegateMask: .all,
        featureMask: landscape),
      effective: .landscape, enforcement: .enforced),
    Row(
      name: "iPad fewer than four orientations without UIRequiresFullScreen: ITMS-90474",
      scenario: OrientationScenario(
        idiom: .pad, plistPad: portraitOnly, delegateMask: .all, featureMask: landscape),
      effective: .landscape, enforcement: .enforced, appStoreRejects: true,
      diagnostic: "ITMS-90474"),
    Row(
      name: "iPad general key with fewer than four orientations applies too: ITMS-90474",
      scenario: OrientationScenario(idiom: .pad, plist: .allButUpsideDown),
      effective: .allButUpsideDown, enforcement: .enforced, appStoreRejects: true,
      diagnostic: "ITMS-90474"),
    Row(
      name: "iPad all four orientations without a launch screen: ITMS-90475",
      scenario: OrientationScenario(idiom: .pad, hasLaunchScreen: false, featureMask: landscape),
      effective: .landscape, enforcement: .enforced, appStoreRejects: true,
      diagnostic: "ITMS-90475"),
    Row(
      name: "iPad UIRequiresFullScreen on iPadOS 18: enforced",
      scenario: OrientationScenario(
        idiom: .pad, osMajorVersion: 18, plistPad: landscape, requiresFullScreen: true,
        featureMask: .landscapeLeft),
      effective: .landscapeLeft, enforcement: .enforced),
    Row(
      name: "iPad UIRequiresFullScreen on iPadOS 26: best effort",
      scenario: OrientationScenario(
        idiom: .pad, osMajorVersion: 26, plistPad: landscape, requiresFullScreen: true,
        featureMask: .landscapeLeft),
      effective: .landscapeLeft, enforcement: .bestEffort,
      diagnostic: "deprecated since iPadOS 26"),
    Row(
      name: "iPad UIRequiresFullScreen with all four orientations opts out of multitasking",
      scenario: OrientationScenario(
        idiom: .pad, requiresFullScreen: true, featureMask: portraitOnly),
      effective: .portrait, enforcement: .enforced),
    Row(
      name: "iPad resizable window: best effort",
      scenario: OrientationScenario(
        idiom: .pad, plistPad: landscape, requiresFullScreen: true, windowing: .resizable),
      effective: .landscape, enforcement: .bestEffort, diagnostic: "resizable window"),
    Row(
      name: "iPad full screen, empty intersection: crash",
      scenario: OrientationScenario(
        idiom: .pad, plistPad: portraitOnly, requiresFullScreen: true, featureMask: landscape),
      effective: [], enforcement: .enforced, crashes: true,
      diagnostic: "UIApplicationInvalidInterfaceOrientation"),
    Row(
      name: "iPad empty plist list: nothing is supported, crash",
      scenario: OrientationScenario(idiom: .pad, plistPad: [], requiresFullScreen: true),
      effective: [], enforcement: .enforced, crashes: true),
    // Windowing modes.
    Row(
      name: "iPhone Mirroring shows portrait",
      scenario: OrientationScenario(idiom: .phone, windowing: .mirroring),
      effective: .portrait, enforcement: .notEnforced, diagnostic: "iPhone Mirroring"),
    Row(
      name: "iPhone Mirroring shows portrait even for a landscape feature",
      scenario: OrientationScenario(idiom: .phone, featureMask: landscape, windowing: .mirroring),
      effective: .portrait, enforcement: .notEnforced, diagnostic: "although it allows only"),
    Row(
      name: "iPad cannot be mirrored: read as full screen",
      scenario: OrientationScenario(idiom: .pad, windowing: .mirroring),
      effective: .all, enforcement: .notEnforced, diagnostic: "mirrors iPhones only"),
    Row(
      name: "iPhone has no resizable windows: read as full screen",
      scenario: OrientationScenario(idiom: .phone, windowing: .resizable),
      effective: .allButUpsideDown, enforcement: .enforced, diagnostic: "no resizable windows"),
  ]

  @Test("the policy follows UIKit's rules", arguments: rows)
  func decide(row: Row) {
    let decision = OrientationPolicy.decide(row.scenario)
    #expect(decision.effective == row.effective)
    #expect(decision.enforcement == row.enforcement)
    #expect(decision.crashes == row.crashes)
    #expect(decision.appStoreRejects == row.appStoreRejects)
    if let phrase = row.diagnostic {
      #expect(
        decision.diagnostics.contains { $0.message.contains(phrase) }, "\(decision.diagnostics)")
    }
  }

  @Test("the table covers at least 20 cases")
  func tableSize() {
    #expect(Self.rows.count >= 20)
  }

  @Test("a plain, fully allowed setup has nothing to report")
  func quietWhenAllIsWell() {
    #expect(OrientationPolicy.decide(OrientationScenario(idiom: .phone)).diagnostics.isEmpty)
    #expect(
      OrientationPolicy.decide(
        OrientationScenario(idiom: .pad, requiresFullScreen: true)
      ).diagnostics.isEmpty)
  }

  /// One geometry-update case: the scenario, the requested mask, the prediction.
  struct GeometryRow: Sendable {
    let scenario: OrientationScenario
    let requested: OrientationMask
    let expected: GeometryUpdatePrediction
  }

  static let geometryRows: [GeometryRow] = [
    GeometryRow(
      scenario: OrientationScenario(idiom: .phone), requested: .landscapeLeft,
      expected: .accepted(.landscapeLeft)),
    GeometryRow(
      scenario: OrientationScenario(idiom: .phone),
      requested: [.portraitUpsideDown, .landscapeRight],
      expected: .accepted(.landscapeRight)),
    GeometryRow(
      scenario: OrientationScenario(idiom: .phone, plist: .portrait), requested: .landscape,
      expected: .denied(.noOverlap(requested: .landscape, supported: .portrait))),
    GeometryRow(
      scenario: OrientationScenario(idiom: .phone, plist: .all, featureMask: .all),
      requested: .portraitUpsideDown,
      expected: .denied(.noOverlap(requested: .portraitUpsideDown, supported: .allButUpsideDown))),
    GeometryRow(
      scenario: OrientationScenario(idiom: .phone), requested: [],
      expected: .denied(.noOverlap(requested: [], supported: .allButUpsideDown))),
    GeometryRow(
      scenario: OrientationScenario(idiom: .phone, plist: .portrait, featureMask: .landscape),
      requested: .portrait, expected: .denied(.noOverlap(requested: .portrait, supported: []))),
    GeometryRow(
      scenario: OrientationScenario(idiom: .phone, windowing: .mirroring), requested: .portrait,
      expected: .denied(.iPhoneMirroring)),
    GeometryRow(
      scenario: OrientationScenario(idiom: .pad, requiresFullScreen: true, windowing: .resizable),
      requested: .landscape, expected: .denied(.resizableWindow)),
    GeometryRow(
      scenario: OrientationScenario(idiom: .pad), requested: .landscapeRight,
      expected: .accepted(.landscapeRight)),
    GeometryRow(
      scenario: OrientationScenario(idiom: .pad, windowing: .mirroring),
      requested: .landscapeRight, expected: .accepted(.landscapeRight)),
  ]

  @Test(
    "a requestGeometryUpdate is accepted for the supported part, or denied with the reason",
    arguments: geometryRows)
  func geometryUpdate(row: GeometryRow) {
    #expect(
      OrientationPolicy.predictGeometryUpdate(requesting: row.requested, in: row.scenario)
        == row.expected)
  }

  @Test("a denial says why in words")
  func denialDescriptions() {
    #expect(
      GeometryUpdatePrediction.Denial.noOverlap(requested: .landscapeLeft, supported: .portrait)
        .description == "none of [landscapeLeft] is supported; supported: [portrait]")
    #expect(
      GeometryUpdatePrediction.Denial.iPhoneMirroring.description.contains("iPhone Mirroring"))
    #expect(
      GeometryUpdatePrediction.Denial.resizableWindow.description.contains("resizable window"))
  }

  @Test("absent Info.plist keys mean the platform default; the ~ipad key counts on pads only")
  func plistDefaults() {
    #expect(OrientationScenario(idiom: .phone).plistMask == .allButUpsideDown)
    #expect(OrientationScenario(idiom: .pad).plistMask == .all)
    #expect(OrientationScenario(idiom: .phone, plistPad: .landscape).plistMask == .allButUpsideDown)
    #expect(OrientationScenario(idiom: .pad, plist: .portrait).plistMask == .portrait)
    #expect(OrientationScenario(idiom: .phone).featureMask == .allButUpsideDown)
    #expect(OrientationScenario(idiom: .pad).featureMask == .all)
  }
}
