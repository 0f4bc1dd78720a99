// README's SwiftUI root screen, as README spells it (see `ReadmeExampleTests`), compiled and
// run where SwiftUI exists; Linux has no SwiftUI and skips this file.
// swift-format-ignore
#if canImport(SwiftUI)
import Core
import RootRouting
import SwiftUI
import Testing

struct RootScreen: View {
  let model: RootModel

  var body: some View {
    switch model.screen {
    case .loading: ProgressView()
    case .login: LoginScreen()
    case .feature(let feature): FeatureScreen(feature: feature, model: model)  // sends busy and idle
    case .maintenance(let message): Text(message)
    case .updateRequired(let update): Button(update.message) { model.send(.storeLinkTapped) }
    case .unavailable: Text("Not available yet")
    }
  }
}

/// The sign-in screen an app has.
struct LoginScreen: View {
  var body: some View { Text("Sign in") }
}

/// A feature's screen; a real one sends `.featureBecameBusy` and `.featureBecameIdle` to the
/// model around work it must not lose (a recording, a test in progress).
struct FeatureScreen: View {
  let feature: FeatureID
  let model: RootModel

  var body: some View { Text(feature.rawValue) }
}

@Suite("README: the SwiftUI root screen")
struct ReadmeRootScreenExampleTests {
  @MainActor
  @Test("the root screen switches on the model's screen")
  func rootScreen() throws {
    let runtime = RootRuntime(
      machine: RootStateMachine(
        descriptors: TestFeatures.all, appVersion: try SemanticVersion(parsing: "2.3.0"),
        idiom: .phone),
      effects: RootRuntime.Effects(
        fetchConfig: { .failed(reason: "offline") }, restoreSession: { nil },
        loadProfile: { _ in .failed(reason: "offline") }, openStoreURL: { _ in }),
      timeSource: ManualTimeSource(), loadingTimeout: .seconds(3))
    defer { runtime.stop() }
    let model = RootModel(runtime: runtime)
    let screen = RootScreen(model: model)
    _ = screen.body
    #expect(screen.model.screen == .loading)
  }
}
#endif
