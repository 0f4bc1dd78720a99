@testable import ConfigClient
@testable import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

// A safety net, not a timing assertion: a missing update fails the test instead of
// hanging the run.
@Suite("RemoteConfigClient persistence", .timeLimit(.minutes(3)))
struct RemoteConfigClientPersistenceTests {
  let v1 = TemplateFixtures.template(version: 1, ["greeting": "hello", "count": "1"])
  let v2 = TemplateFixtures.template(version: 2, ["greeting": "bonjour", "count": "2"])
  let context = EvaluationContext(
    randomizationID: "user-1", customSignals: ["tier": "paid", "grade": 3], appVersion: "2.1.0",
    audiences: ["b", "a"], firstOpenTime: Date(timeIntervalSince1970: 1_700_000_000.25))

  /// A client on a real file store in `directory`, with a manual clock at `time`.
  private func client(
    _ directory: TemporaryDirectory, _ steps: [InMemoryTemplateSource.Step], time: ManualTimeSource,
    context: EvaluationContext? = nil
  ) -> (RemoteConfigClient, InMemoryTemplateSource) {
    let source = InMemoryTemplateSource(steps)
    let client = RemoteConfigClient(
      source: source, store: FileConfigStore(directory: directory.url), timeSource: time,
      random: .constant(0.5), defaults: InAppDefaults(["greeting": "default", "local": "x"]),
      context: context)
    return (client, source)
  }

  /// A file store whose file holds a client state with v1 active and v2 fetched.
  private func savedState(_ directory: TemporaryDirectory, time: ManualTimeSource) async throws
    -> [UInt8]
  {
    let (first, _) = client(
      directory, [.template(v1, etag: "e1"), .template(v2, etag: "e2")], time: time,
      context: context)
    _ = try await first.fetchAndActivate()
    time.advance(by: .seconds(13 * 3600))
    _ = try await first.fetch()
    let store = FileConfigStore(directory: directory.url)
    return try #require(try await store.load())
  }

  @Test("a restarted client is ready from disk without a network call: every layer comes back")
  func roundTrip() async throws {
    let directory = try TemporaryDirectory()
    let time = ManualTimeSource(now: TestTime.start)
    _ = try await savedState(directory, time: time)
    let (restarted, source) = client(directory, [], time: time)
    #expect(restarted.snapshot["greeting"].rawValue == "default")
    let reasons = await restarted.restore()
    #expect(reasons.allSatisfy { $0.kind == .because })
    #expect(
      restarted.snapshot["greeting"]
        == ConfigValue(key: "greeting", rawValue: "hello", source: .remote))
    #expect(restarted.snapshot["local"].rawValue == "x")
    #expect(restarted.snapshot.versionNumber == 1)
    #expect(restarted.snapshot.activatedAt == TestTime.start)
    #expect(await restarted.fetchedVersionNumber == 2)
    #expect(await restarted.fetchedETag == "e2")
    #expect(await restarted.lastSuccessfulFetchTime == time.now)
    #expect(await restarted.context == context)
    #expect(await restarted.hasPendingActivation)
    #expect(source.requestCount == 0)
    #expect(try await restarted.fetch() == .servedFromCache)
    #expect(await restarted.activate() == ["count", "greeting"])
    #expect(restarted.snapshot["greeting"].rawValue == "bonjour")
  }

  @Test("a restored client sends the saved ETag once the interval has passed")
  func restoredETag() async throws {
    let directory = try TemporaryDirectory()
    let time = ManualTimeSource(now: TestTime.start)
    _ = try await savedState(directory, time: time)
    time.advance(by: .seconds(12 * 3600))
    let (restarted, source) = client(directory, [.notModified], time: time)
    await restarted.restore()
    #expect(try await restarted.fetch() == .notModified)
    #expect(source.requests == ["e2"])
  }

  @Test("a restored client writes its restored templates back intact on its next save")
  func restoredThenSaved() async throws {
    let directory = try TemporaryDirectory()
    let time = ManualTimeSource(now: TestTime.start)
    _ = try await savedState(directory, time: time)
    let (second, _) = client(directory, [], time: time)
    await second.restore()
    await second.setContext(EvaluationContext(appVersion: "3.0.0"))
    let (third, _) = client(directory, [], time: time)
    #expect(await third.restore().allSatisfy { $0.kind == .because })
    #expect(third.snapshot["greeting"].rawValue == "hello")
    #expect(await third.fetchedVersionNumber == 2)
    #expect(await third.context == EvaluationContext(appVersion: "3.0.0"))
    #expect(await third.activate() == ["count", "greeting"])
  }

  @Test("saving replaces the file atomically and leaves no temporary file behind")
  func atomicSave() async throws {
    let directory = try TemporaryDirectory()
    let time = ManualTimeSource(now: TestTime.start)
    let bytes = try await savedState(directory, time: time)
    #expect(try directory.fileNames() == ["default.remote-config.json"])
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("{\"format\":\"switchyard-remote-config\",\n\"formatVersion\":1"))
    #expect(try JSONParser().parse(bytes)["fetched"]?["etag"] == "e2")
  }

  @Test("a missing file starts from the defaults and says so without a warning")
  func missing() async throws {
    let directory = try TemporaryDirectory()
    let (client, _) = client(directory, [], time: ManualTimeSource(now: TestTime.start))
    let reasons = await client.restore()
    #expect(reasons == [.because("no saved remote config yet; using the in-app defaults")])
    #expect(client.snapshot["greeting"].rawValue == "default")
  }

  @Test(
    "a file cut off mid-write starts from the defaults with a diagnostic, and the next fetch overwrites it",
    arguments: [1, 10, 100, 0.5, 0.9, -1] as [Double])
  func truncated(cut: Double) async throws {
    let directory = try TemporaryDirectory()
    let time = ManualTimeSource(now: TestTime.start)
    let bytes = try await savedState(directory, time: time)
    let keep = cut < 0 ? bytes.count - 2 : cut < 1 ? Int(Double(bytes.count) * cut) : Int(cut)
    let path = try directory.write("default.remote-config.json", Array(bytes.prefix(keep)))
    let (restarted, _) = client(directory, [.template(v2, etag: "e2")], time: time)
    let reasons = await restarted.restore()
    #expect(reasons.count == 1 && reasons[0].kind == .diagnostic)
    #expect(reasons[0].message.contains("cut off or corrupt"))
    #expect(restarted.snapshot["greeting"].rawValue == "default")
    #expect(await restarted.fetchedVersionNumber == nil)
    _ = try await restarted.fetchAndActivate()
    let rewritten = try #require(FileManager.default.contents(atPath: path))
    let (third, _) = client(directory, [], time: time)
    #expect(await third.restore().allSatisfy { $0.kind == .because })
    #expect(third.snapshot["greeting"].rawValue == "bonjour")
    #expect(Array(rewritten) != Array(bytes.prefix(keep)))
  }

  @Test(
    "a file of random bytes starts from the defaults with a diagnostic",
    arguments: [1, 2, 3] as [UInt64])
  func randomBytes(seed: UInt64) async throws {
    let directory = try TemporaryDirectory()
    var random = SeededRandomGenerator(seed: seed)
    let bytes = (0..<4_096).map { _ in UInt8.random(in: 0...255, using: &random) }
    try directory.write("default.remote-config.json", bytes)
    let (client, _) = client(directory, [], time: ManualTimeSource(now: TestTime.start))
    let reasons = await client.restore()
    #expect(reasons.map(\.kind) == [.diagnostic])
    #expect(client.snapshot["greeting"].rawValue == "default")
  }

  @Test(
    "unusable files are diagnosed with what is wrong",
    arguments: [
      ("", "the file is empty"),
      ("[]", "not a Switchyard remote-config file"),
      (#"{"format": "something-else", "formatVersion": 1}"#, "not a Switchyard remote-config file"),
      (
        #"{"format": "switchyard-remote-config", "formatVersion": 2}"#,
        "written by a newer Switchyard (format version 2"
      ),
      (#"{"format": "switchyard-remote-config"}"#, "'formatVersion' is missing"),
    ])
  func unusable(text: String, message: String) async throws {
    let store = InMemoryConfigStore(bytes: Array(text.utf8))
    let harness = ClientHarness(store: store, defaults: InAppDefaults(["a": "1"]))
    let reasons = await harness.client.restore()
    #expect(reasons.map(\.kind) == [.diagnostic])
    #expect(reasons.first?.message.contains(message) == true, "\(reasons)")
    #expect(harness.rawValues == ["a": "1"])
  }

  @Test(
    "a part that does not read is left out with a diagnostic naming the part and the problem",
    arguments: [
      (
        #"{"format": "switchyard-remote-config", "formatVersion": 1, "throttle": {"until": "soon"}}"#,
        "throttle", "'throttle.until'"
      ),
      (
        #"{"format": "switchyard-remote-config", "formatVersion": 1, "active": {"activatedAt": 1, "template": [1]}}"#,
        "active", "the saved active template does not read"
      ),
      (
        #"{"format": "switchyard-remote-config", "formatVersion": 1, "fetched": {"fetchedAt": 1, "activated": true}}"#,
        "fetched", "there is no 'active'"
      ),
      (
        #"{"format": "switchyard-remote-config", "formatVersion": 1, "context": {"now": "soon"}}"#,
        "context", "the saved context does not read"
      ),
    ])
  func unusablePart(text: String, part: String, message: String) async throws {
    let store = InMemoryConfigStore(bytes: Array(text.utf8))
    let harness = ClientHarness(store: store, defaults: InAppDefaults(["a": "1"]))
    let reasons = await harness.client.restore()
    let diagnostics = reasons.filter { $0.kind == .diagnostic }
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.message.contains("part '\(part)'") == true, "\(reasons)")
    #expect(diagnostics.first?.message.contains(message) == true, "\(reasons)")
    #expect(harness.rawValues == ["a": "1"])
  }

  @Test("a store that cannot be read is a diagnostic, not a crash")
  func unreadableStore() async throws {
    let directory = try TemporaryDirectory()
    // A directory where the file should be: open succeeds, read fails.
    try FileManager.default.createDirectory(
      at: directory.url.appendingPathComponent("default.remote-config.json"),
      withIntermediateDirectories: true)
    let (client, _) = client(
      directory, [.template(v1)], time: ManualTimeSource(now: TestTime.start))
    let reasons = await client.restore()
    #expect(reasons.map(\.kind) == [.diagnostic])
    #expect(reasons.first?.message.contains("cannot read the saved remote config") == true)
    // Saving fails too (the name is taken by a directory); the values still apply.
    _ = try await client.fetchAndActivate()
    #expect(client.snapshot["greeting"].rawValue == "hello")
    #expect(await client.storeDiagnostic?.message.contains("cannot rename") == true)
  }

  @Test("state this process already has wins over the saved state")
  func processStateWins() async throws {
    let old = ClientHarness([.template(v1)], context: context)
    _ = try await old.client.fetchAndActivate()
    let saved = try #require(old.store.bytes)
    let fresh = RemoteConfigClient(
      source: InMemoryTemplateSource([.template(v2)]), store: ReadOnlyStore(bytes: saved),
      timeSource: ManualTimeSource(now: TestTime.start),
      context: EvaluationContext(appVersion: "9"))
    _ = try await fresh.fetchAndActivate()
    await fresh.restore()
    #expect(fresh.snapshot.versionNumber == 2)
    #expect(await fresh.fetchedVersionNumber == 2)
    #expect(await fresh.context == EvaluationContext(appVersion: "9"))
  }

  @Test("a saved throttle beyond what the backoff allows (clock set back) is shortened")
  func clockSetBack() async throws {
    let time = ManualTimeSource(now: TestTime.start)
    let harness = ClientHarness([.tooManyRequests()], time: time)
    _ = try? await harness.client.fetch()
    time.set(to: TestTime.start.addingTimeInterval(-365 * 86_400))
    let restarted = harness.restarted()
    let reasons = await restarted.client.restore()
    #expect(reasons.contains { $0.kind == .diagnostic && $0.message.contains("shortened") })
    let until = try #require(await restarted.client.throttledUntil)
    #expect(until.timeIntervalSince(time.now) <= 86_400)
  }

  @Test("restoring emits an update for the values the saved template changes")
  func restoreEmits() async throws {
    let store = InMemoryConfigStore()
    let old = ClientHarness([.template(v1)], store: store)
    _ = try await old.client.fetchAndActivate()
    let restarted = old.restarted(defaults: InAppDefaults(["count": "1"]))
    var updates = restarted.client.updates().makeAsyncIterator()
    await restarted.client.restore()
    // `count` keeps its raw value but now comes from the template.
    let delivered = await restarted.client.deliveredUpdates(&updates)
    #expect(delivered.map(\.updatedKeys) == [["count", "greeting"]])
  }
  // MARK: What is accepted is never lost

  /// A file store whose file holds every part: v1 active, v2 fetched and pending with an
  /// ETag, the context, a throttle after two server errors, and the stale mark.
  private func fullState(_ directory: TemporaryDirectory, time: ManualTimeSource) async throws
    -> RestoredView
  {
    let (first, _) = client(
      directory,
      [.template(v1, etag: "e1"), .template(v2, etag: "e2"), .serverError(503), .serverError(503)],
      time: time, context: context)
    _ = try await first.fetchAndActivate()
    time.advance(by: .seconds(13 * 3600))
    _ = try await first.fetch()
    _ = try? await first.fetch(ignoringMinimumInterval: true)
    _ = try? await first.fetch(ignoringMinimumInterval: true)
    await first.markStale()
    #expect(await first.throttledUntil != nil)
    return await RestoredView(first)
  }

  @Test(
    "each part of a saved file that does not read costs only that part; the rest is restored",
    arguments: SavedPartDamage.allCases)
  func damagedPart(damage: SavedPartDamage) async throws {
    let directory = try TemporaryDirectory()
    let time = ManualTimeSource(now: TestTime.start)
    let saved = try await fullState(directory, time: time)
    let path = directory.url.appendingPathComponent("default.remote-config.json").path
    let bytes = try #require(FileManager.default.contents(atPath: path))
    guard case .object(var root) = try JSONParser().parse(Array(bytes)) else {
      Issue.record("the saved file is not an object")
      return
    }
    damage.apply(to: &root)
    try directory.write("default.remote-config.json", Array(JSONValue.object(root).jsonText.utf8))

    let (restarted, _) = client(directory, [], time: time)
    let reasons = await restarted.restore()
    let diagnostics = reasons.filter { $0.kind == .diagnostic }.map(\.message)
    #expect(diagnostics.count == 1, "\(reasons)")
    #expect(
      diagnostics.first?.hasPrefix("part '\(damage.part)' of the saved remote config") == true,
      "\(diagnostics)")
    #expect(diagnostics.first?.contains(damage.problem) == true, "\(diagnostics)")
    var expected = saved
    damage.loss(&expected, saved)
    #expect(await RestoredView(restarted) == expected)
  }

  @Test("the stale mark survives a restart: the restored client's next fetch ignores the interval")
  func staleSurvivesRestart() async throws {
    let directory = try TemporaryDirectory()
    let time = ManualTimeSource(now: TestTime.start)
    let (first, _) = client(directory, [.template(v1, etag: "e1")], time: time)
    _ = try await first.fetchAndActivate()
    await first.markStale()
    let (second, source) = client(directory, [.template(v2, etag: "e2")], time: time)
    let reasons = await second.restore()
    #expect(second.isStale)
    #expect(reasons.contains { $0.message.contains("announced a newer template") })
    #expect(try await second.fetch() == .newTemplate(versionNumber: 2))
    #expect(source.requests == ["e1"])
    // The fetch cleared the mark, and that is saved too.
    #expect(!second.isStale)
    let (third, thirdSource) = client(directory, [.template(v2)], time: time)
    await third.restore()
    #expect(!third.isStale)
    #expect(try await third.fetch() == .servedFromCache)
    #expect(thirdSource.requestCount == 0)
  }

  @Test("a 304 clears the stale mark as well, and the cleared mark is saved")
  func staleClearedByNotModified() async throws {
    let directory = try TemporaryDirectory()
    let time = ManualTimeSource(now: TestTime.start)
    let (first, _) = client(directory, [.template(v1, etag: "e1"), .notModified], time: time)
    _ = try await first.fetch()
    await first.markStale()
    #expect(try await first.fetch() == .notModified)
    let (second, _) = client(directory, [], time: time)
    await second.restore()
    #expect(!second.isStale)
  }

  @Test(
    "a context time at year 0000 or 9999 with an extreme offset survives a restart exactly",
    arguments: [
      "9999-12-31T23:00:00-05:00", "0000-01-01T00:00:00+05:00", "9999-12-31T23:59:59.5-23:59",
      "0000-01-01T00:00:00.000001+23:59", "2026-01-01T00:00:00.123456789Z",
    ])
  func extremeContextTimes(text: String) async throws {
    let directory = try TemporaryDirectory()
    let time = ManualTimeSource(now: TestTime.start)
    let line = #"{"randomizationId": "u", "now": "\#(text)", "firstOpen": "\#(text)"}"#
    guard case .object(let object) = try JSONParser().parse(line) else { return }
    let context = try EvaluationContext(json: object)
    let (first, _) = client(directory, [.template(v1)], time: time)
    _ = try await first.fetchAndActivate()
    await first.setContext(context)
    let (restarted, _) = client(directory, [], time: time)
    let reasons = await restarted.restore()
    #expect(reasons.allSatisfy { $0.kind == .because }, "\(reasons)")
    #expect(await restarted.context == context)
    #expect(restarted.snapshot["greeting"].rawValue == "hello")
  }

  @Test("a template nested as deep as a fetch accepts is cached and restored")
  func deepTemplateRestored() async throws {
    let directory = try TemporaryDirectory()
    let time = ManualTimeSource(now: TestTime.start)
    let depth = RemoteConfigLimits.templateNesting - 1
    let deep =
      String(v1.dropLast()) + #", "x": "# + String(repeating: "[", count: depth)
      + String(repeating: "]", count: depth) + "}"
    let (first, _) = client(directory, [.template(deep)], time: time)
    _ = try await first.fetchAndActivate()
    let (restarted, _) = client(directory, [], time: time)
    #expect(await restarted.restore().allSatisfy { $0.kind == .because })
    #expect(restarted.snapshot.versionNumber == 1)
    #expect(restarted.snapshot["greeting"].rawValue == "hello")
  }

  @Test(
    "a restored template is saved back byte for byte, so the same body fetched again is not new")
  func restoredBytesExact() async throws {
    let directory = try TemporaryDirectory()
    let time = ManualTimeSource(now: TestTime.start)
    guard case .object(let object) = try JSONParser().parse(v1) else { return }
    let pretty = "\n" + JSONValue.object(object).prettyJSONText + "  \n"
    let (first, _) = client(directory, [.template(pretty)], time: time)
    _ = try await first.fetchAndActivate()
    let (second, _) = client(directory, [.template(pretty)], time: time)
    await second.restore()
    await second.setContext(context)  // saves the restored template again
    let (third, _) = client(directory, [.template(pretty)], time: time)
    await third.restore()
    #expect(try await third.fetch(ignoringMinimumInterval: true) == .newTemplate(versionNumber: 1))
    #expect(await !third.hasPendingActivation)
  }

  @Test(
    "a context over its size limit still applies, is left out of the save with a diagnostic, and the rest restores"
  )
  func oversizedContext() async throws {
    let directory = try TemporaryDirectory()
    let time = ManualTimeSource(now: TestTime.start)
    let paid = TemplateFixtures.template(
      version: 2, ["greeting": "bonjour"], paidValues: ["greeting": "paid"])
    let (first, _) = client(directory, [.template(paid)], time: time)
    _ = try await first.fetchAndActivate()
    var huge = EvaluationContext(customSignals: ["tier": "paid"])
    huge.userProperties["blob"] = String(repeating: "x", count: RemoteConfigLimits.contextBytes)
    await first.setContext(huge)
    #expect(first.snapshot["greeting"].rawValue == "paid")
    let diagnostic = try #require(await first.storeDiagnostic)
    #expect(diagnostic.message.contains("without the context"))
    let (restarted, _) = client(directory, [], time: time)
    #expect(await restarted.restore().allSatisfy { $0.kind == .because })
    #expect(restarted.snapshot.versionNumber == 2)
    #expect(await restarted.context == EvaluationContext())
  }

  @Test("an ETag longer than the limit is not kept; the template is")
  func oversizedETag() async throws {
    let long = String(repeating: "e", count: RemoteConfigLimits.etagBytes + 1)
    let harness = ClientHarness([.template(v1, etag: long)])
    _ = try await harness.client.fetchAndActivate()
    #expect(await harness.client.fetchedETag == nil)
    #expect(await harness.client.storeDiagnostic == nil)
    let restarted = harness.restarted()
    #expect(await restarted.client.restore().allSatisfy { $0.kind == .because })
    #expect(restarted.client.snapshot.versionNumber == 1)
  }
}

/// One way a part of a saved file can be unreadable, the part's name in the diagnostic, and
/// what the restored client loses with it (everything else is restored).
enum SavedPartDamage: String, CaseIterable, Sendable {
  case context, contextTime, throttle, throttleCount, fetchedTemplate, fetchedETag, fetchedAt
  case lastFetch, stale, activatedAt, activeTemplate

  var part: String {
    switch self {
    case .context, .contextTime: "context"
    case .throttle, .throttleCount: "throttle"
    case .fetchedTemplate: "fetched"
    case .fetchedETag: "fetched.etag"
    case .fetchedAt: "fetched.fetchedAt"
    case .lastFetch: "lastSuccessfulFetchAt"
    case .stale: "stale"
    case .activatedAt: "active.activatedAt"
    case .activeTemplate: "active"
    }
  }

  /// Words the diagnostic must contain.
  var problem: String {
    switch self {
    case .context: "not an object"
    case .contextTime: "context field 'now'"
    case .throttle: "'throttle.until'"
    case .throttleCount: "'throttle.consecutiveFailures' is not an integer"
    case .fetchedTemplate: "the saved fetched template does not read"
    case .fetchedETag: "not a string"
    case .fetchedAt: "'fetched.fetchedAt'"
    case .lastFetch: "'lastSuccessfulFetchAt' is not a time"
    case .stale: "not true or false"
    case .activatedAt: "'active.activatedAt'"
    case .activeTemplate: "the saved active template does not read"
    }
  }

  func apply(to root: inout JSONObject) {
    func edit(_ key: String, _ member: String, _ value: JSONValue) {
      guard case .object(var object) = root[key] else { return }
      object[member] = value
      root[key] = .object(object)
    }
    switch self {
    case .context: root["context"] = ["u1"]
    case .contextTime: edit("context", "now", "10000-01-01T00:00:00Z")
    case .throttle: edit("throttle", "until", "soon")
    case .throttleCount: edit("throttle", "consecutiveFailures", 1e7)
    case .fetchedTemplate: edit("fetched", "template", ["parameters": 3])
    case .fetchedETag: edit("fetched", "etag", 5)
    case .fetchedAt: edit("fetched", "fetchedAt", "noon")
    case .lastFetch: root["lastSuccessfulFetchAt"] = 1e300
    case .stale: root["stale"] = "yes"
    case .activatedAt: edit("active", "activatedAt", -1e20)
    case .activeTemplate: edit("active", "template", [1])
    }
  }

  /// What `expected` loses, given what was `saved`.
  func loss(_ expected: inout RestoredView, _ saved: RestoredView) {
    switch self {
    case .context, .contextTime:
      expected.context = EvaluationContext()
    case .throttle, .throttleCount:
      expected.throttle = FetchThrottle()
    case .fetchedTemplate:
      expected.fetchedVersion = nil
      expected.etag = nil
      expected.pending = false
    case .fetchedETag:
      expected.etag = nil
    case .fetchedAt, .activatedAt:
      // Kept, with the time the file was saved standing in: nothing else changes, and the
      // active snapshot's time is the save's.
      if self == .activatedAt { expected.activatedAt = expected.savedAt }
    case .lastFetch:
      expected.lastFetch = nil
    case .stale:
      expected.isStale = false
    case .activeTemplate:
      expected.activeVersion = nil
      expected.activatedAt = nil
      expected.values = ["greeting": "default", "local": "x"]
    }
  }
}

/// What a client shows of its restored state.
struct RestoredView: Equatable {
  var values: [String: String]
  var activeVersion: Int?
  var activatedAt: Date?
  var fetchedVersion: Int?
  var etag: String?
  var pending: Bool
  var lastFetch: Date?
  var context: EvaluationContext
  var throttle: FetchThrottle
  var isStale: Bool
  /// When the client last saved (not shown by the client; the test's clock at saving).
  var savedAt: Date

  init(_ client: RemoteConfigClient) async {
    let snapshot = client.snapshot
    values = Dictionary(uniqueKeysWithValues: snapshot.keys.map { ($0, snapshot[$0].rawValue) })
    activeVersion = snapshot.versionNumber
    activatedAt = snapshot.activatedAt
    fetchedVersion = await client.fetchedVersionNumber
    etag = await client.fetchedETag
    pending = await client.hasPendingActivation
    lastFetch = await client.lastSuccessfulFetchTime
    context = await client.context
    throttle = await client.throttle
    isStale = client.isStale
    savedAt = client.timeSource.now
  }
}

/// A store that always loads the same bytes and ignores saves.
struct ReadOnlyStore: ConfigStore {
  let bytes: [UInt8]

  func load() async throws -> [UInt8]? { bytes }

  func save(_ bytes: [UInt8]) async throws {}
}
