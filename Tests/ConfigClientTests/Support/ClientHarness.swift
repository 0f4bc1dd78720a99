import ConfigClient
import ConfigEngine
import Core
import SwitchyardTestSupport

/// A client wired to an in-memory source and store and a manual clock.
struct ClientHarness {
  let source: InMemoryTemplateSource
  let store: InMemoryConfigStore
  let time: ManualTimeSource
  let client: RemoteConfigClient

  init(
    _ steps: [InMemoryTemplateSource.Step] = [],
    settings: RemoteConfigSettings = RemoteConfigSettings(),
    store: InMemoryConfigStore = InMemoryConfigStore(),
    time: ManualTimeSource = ManualTimeSource(now: TestTime.start),
    random: RandomSource = .constant(0.5),
    defaults: InAppDefaults = InAppDefaults(),
    context: EvaluationContext? = nil
  ) {
    self.source = InMemoryTemplateSource(steps)
    self.store = store
    self.time = time
    self.client = RemoteConfigClient(
      settings: settings, source: source, store: store, timeSource: time, random: random,
      defaults: defaults, context: context)
  }

  /// A second client on the same store and clock: the app after a restart.
  func restarted(
    _ steps: [InMemoryTemplateSource.Step] = [],
    settings: RemoteConfigSettings = RemoteConfigSettings(),
    defaults: InAppDefaults = InAppDefaults()
  ) -> ClientHarness {
    ClientHarness(steps, settings: settings, store: store, time: time, defaults: defaults)
  }

  /// Every key's raw value in the active snapshot.
  var rawValues: [String: String] {
    let snapshot = client.snapshot
    return Dictionary(uniqueKeysWithValues: snapshot.keys.map { ($0, snapshot[$0].rawValue) })
  }
}
