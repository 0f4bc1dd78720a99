import ConfigClient
import Core
import Foundation

/// Templates, clients and files for the client's tests, so each test states only its rule.
enum ClientFixtures {
  /// 2026-01-01T00:00:00Z, where every manual clock starts.
  static let start = Date(timeIntervalSince1970: 1_767_225_600)

  /// A client-format template: `values` as parameter defaults, `paidValues` as conditional
  /// values under the condition `paid` (custom signal `tier` is `paid`), and the version.
  static func template(
    version: Int? = 1, _ values: [String: String], paidValues: [String: String] = [:]
  ) -> String {
    var parameters = JSONObject()
    for key in Set(values.keys).union(paidValues.keys).sorted() {
      var parameter = JSONObject()
      parameter["defaultValue"] =
        values[key].map { ["value": .string($0)] } ?? ["useInAppDefault": true]
      if let paid = paidValues[key] {
        parameter["conditionalValues"] = ["paid": ["value": .string(paid)]]
      }
      parameters[key] = .object(parameter)
    }
    var template = JSONObject()
    if !paidValues.isEmpty {
      template["conditions"] = [
        ["name": "paid", "expression": "app.customSignal['tier'].exactlyMatches(['paid'])"]
      ]
    }
    template["parameters"] = .object(parameters)
    if let version {
      template["version"] = ["versionNumber": .string(String(version))]
    }
    return JSONValue.object(template).jsonText
  }

  /// A template whose every key `key_0...key_<count-1>` holds `v<version>`: a reader that
  /// sees two markers in one snapshot saw a torn config.
  static func markedTemplate(version: Int, keys count: Int) -> String {
    var values: [String: String] = [:]
    for index in 0..<count { values["key_\(index)"] = "v\(version)" }
    return template(version: version, values)
  }
}

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
    time: ManualTimeSource = ManualTimeSource(now: ClientFixtures.start),
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

/// A temporary directory for one test, removed when the test's scope ends.
final class TemporaryDirectory: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("switchyard-client-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `bytes` to `name` in the directory and returns its path.
  @discardableResult
  func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    let file = url.appendingPathComponent(name)
    try Data(bytes).write(to: file)
    return file.path
  }

  /// The names of the files in the directory, sorted.
  func fileNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }
}

extension RemoteConfigClient {
  /// The updates `iterator` has been sent so far. A marker default is set and removed again
  /// (two updates of their own), and updates are read up to the marker's removal, so an
  /// update that was never sent fails a test instead of hanging it.
  nonisolated func deliveredUpdates(
    _ iterator: inout AsyncStream<ConfigUpdate>.Iterator
  ) async -> [ConfigUpdate] {
    let marker = "zz_marker_\(UUID().uuidString.prefix(8))"
    let defaults = await self.defaults
    var marked = defaults.values
    marked[marker] = "1"
    await setDefaults(InAppDefaults(marked))
    await setDefaults(defaults)
    var delivered: [ConfigUpdate] = []
    var markers = 0
    while markers < 2, let update = await iterator.next() {
      if update.updatedKeys.contains(marker) {
        markers += 1
      } else {
        delivered.append(update)
      }
    }
    return delivered
  }
}
