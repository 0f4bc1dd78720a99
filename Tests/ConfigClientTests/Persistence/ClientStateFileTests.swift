@testable import ConfigClient
@testable import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("ClientStateFile", .timeLimit(.minutes(3)))
struct ClientStateFileTests {
  /// The in-app defaults every restored client here has, so values come from both layers.
  let defaults = InAppDefaults(["key_0": "default", "local": "x"])

  @Test(
    "every state within the limits, saved through the file store, reads back equal and answers the same values",
    arguments: [1, 2, 3] as [UInt64])
  func roundTripProperty(seed: UInt64) async throws {
    let directory = try TemporaryDirectory()
    var generator = ClientStateGenerator(seed: seed)
    for index in 0..<70 {
      // One state at the size limits (they are slow to generate); the rest within them.
      let state = try index == 7 ? generator.stateAtSizeLimits() : generator.state()
      if index == 7 {
        let context = try #require(state.context)
        #expect(
          JSONValue.object(context.jsonObject).jsonText.utf8.count
            == RemoteConfigLimits.contextBytes)
        #expect(state.fetched?.template.bytes.count == RemoteConfigSettings().maximumTemplateBytes)
      }
      // The clock of the client that restores it: at the end of the throttle, so restoring
      // has no reason to shorten it.
      let time = ManualTimeSource(now: state.throttle.throttledUntil ?? generator.date())
      let encoded = ClientStateFile.encode(state, savedAt: time.now)
      #expect(encoded.leftOut.isEmpty, "case \(index): \(encoded.leftOut)")
      let store = FileConfigStore(directory: directory.url, namespace: "case-\(index)")
      try await store.save(encoded.bytes)
      let loaded = try #require(try await store.load())
      #expect(loaded == encoded.bytes)

      let decoded = try ClientStateFile.decode(loaded, now: TestTime.start)
      #expect(decoded.problems.isEmpty, "case \(index): \(decoded.problems)")
      #expect(decoded.state == state, "case \(index) of seed \(seed) did not read back equal")

      // A client restores it with no diagnostic, answers what the saved state answers, and
      // would save the very same bytes again.
      let client = RemoteConfigClient(
        source: InMemoryTemplateSource([]), store: store, timeSource: time, defaults: defaults)
      let reasons = await client.restore()
      #expect(!reasons.contains { $0.kind == .diagnostic }, "case \(index): \(reasons)")
      let restored = await client.state
      #expect(restored == state, "case \(index)")
      #expect(ClientStateFile.encode(restored, savedAt: time.now).bytes == encoded.bytes)
      let expected = ConfigSnapshot(
        template: state.active?.template.compiled, activatedAt: state.active?.activatedAt,
        context: state.context ?? EvaluationContext(), defaults: defaults, now: time.now)
      #expect(values(client.snapshot) == values(expected), "case \(index)")
      if index % 10 == 0 {
        await client.saveNow()
        #expect(try await store.load() == encoded.bytes, "case \(index)")
      }
    }
  }

  @Test(
    "a template nested as deep as a fetch accepts is cached and restored; one level more is refused at the fetch"
  )
  func deepestTemplate() throws {
    let depth = RemoteConfigLimits.templateNesting - 1
    func template(_ depth: Int) -> [UInt8] {
      Array(
        (#"{"parameters": {"a": {"defaultValue": {"value": "1"}}}, "deep": "#
          + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}").utf8)
    }
    let body = try TemplateBody(validating: template(depth))
    var state = ClientState()
    state.active = ClientState.Active(template: body, activatedAt: TestTime.start)
    state.fetched = ClientState.Fetched(
      template: body, etag: "e", fetchedAt: TestTime.start, isActivated: false)
    let bytes = ClientStateFile.encode(state, savedAt: TestTime.start).bytes
    let decoded = try ClientStateFile.decode(bytes, now: TestTime.start)
    #expect(decoded.problems.isEmpty)
    #expect(decoded.state == state)
    #expect(throws: TemplateError.self) { try TemplateBody(validating: template(depth + 1)) }
  }

  @Test("a template with a lone surrogate escape is refused where it enters, so it is never saved")
  func loneSurrogate() {
    var generator = ClientStateGenerator(seed: 7)
    for _ in 0..<20 {
      let bytes = generator.templateBytes(loneSurrogate: true)
      #expect(throws: TemplateError.self) { try TemplateBody(validating: bytes) }
    }
  }

  @Test("values beyond the limits are written as the nearest value the reader accepts")
  func beyondLimits() throws {
    var state = ClientState()
    state.lastSuccessfulFetchAt = Date(timeIntervalSince1970: 1e300)
    state.throttle = FetchThrottle(
      throttledUntil: Date(timeIntervalSince1970: -.infinity), consecutiveFailures: .max,
      consecutiveThrottles: .max)
    state.context = EvaluationContext(
      firstOpenTime: Date(timeIntervalSince1970: .nan), now: .distantFuture.addingTimeInterval(1e15)
    )
    let bytes = ClientStateFile.encode(state, savedAt: Date(timeIntervalSince1970: .infinity)).bytes
    let decoded = try ClientStateFile.decode(bytes, now: TestTime.start)
    #expect(decoded.problems.isEmpty)
    #expect(decoded.state.lastSuccessfulFetchAt == Timestamp.latest)
    #expect(decoded.state.throttle.throttledUntil == Timestamp.earliest)
    #expect(decoded.state.throttle.consecutiveFailures == RemoteConfigLimits.throttleCount)
    #expect(decoded.state.context?.firstOpenTime == Date(timeIntervalSince1970: 0))
    #expect(decoded.state.context?.now == Timestamp.latest)
  }

  @Test(
    "a part over its size limit is left out of the file and reported; the rest reads",
    arguments: ["context", "source"])
  func oversizedPart(part: String) throws {
    var state = ClientState()
    state.isStale = true
    if part == "context" {
      state.context = EvaluationContext(
        randomizationID: String(repeating: "x", count: RemoteConfigLimits.contextBytes))
    } else {
      state.sourceState = .string(
        String(repeating: "x", count: RemoteConfigLimits.sourceStateBytes))
    }
    let encoded = ClientStateFile.encode(state, savedAt: TestTime.start)
    let expected = part == "context" ? "the context (" : "the template source's state ("
    #expect(encoded.leftOut.count == 1)
    #expect(encoded.leftOut.first?.hasPrefix(expected) == true, "\(encoded.leftOut)")
    let decoded = try ClientStateFile.decode(encoded.bytes, now: TestTime.start)
    #expect(decoded.problems.isEmpty)
    #expect(decoded.state.context == nil && decoded.state.sourceState == nil)
    #expect(decoded.state.isStale)
  }

  @Test("a file from before the stale mark, and fields this version does not know, still read")
  func compatibility() throws {
    let template = #"{"parameters": {"a": {"defaultValue": {"value": "1"}}}}"#
    let old = """
      {"format":"switchyard-remote-config",
      "formatVersion":1,
      "savedAt":1767225600,
      "lastSuccessfulFetchAt":1767225600.5,
      "throttle":{"consecutiveFailures":0,"consecutiveThrottles":0},
      "context":{"randomizationId":"u1","firstOpen":"2023-11-14T22:13:20.25Z","futureField":1},
      "fetched":{"etag":"e1","fetchedAt":1767225600.5,"activated":true},
      "active":{"activatedAt":1767225600.5,"template":\(template),"futureField":{}},
      "futureSection":[1,2,3]}
      """
    let decoded = try ClientStateFile.decode(Array(old.utf8), now: TestTime.start)
    #expect(decoded.problems.isEmpty)
    #expect(!decoded.state.isStale)
    #expect(decoded.state.lastSuccessfulFetchAt == TestTime.start.addingTimeInterval(0.5))
    #expect(decoded.state.context?.randomizationID == "u1")
    #expect(decoded.state.active?.template.bytes == Array(template.utf8))
    #expect(decoded.state.fetched?.isActivated == true && decoded.state.fetched?.etag == "e1")
  }

  @Test("the context-changed mark, the real-time failures and the source's state read back")
  func newParts() throws {
    var state = ClientState()
    state.contextChanged = true
    state.realtimeFailures = 3
    state.sourceState = ["installation": ["fid": "cAAAAAAAAAAAAAAAAAAAAA", "n": 1.5]]
    let encoded = ClientStateFile.encode(state, savedAt: TestTime.start)
    #expect(encoded.leftOut.isEmpty)
    let decoded = try ClientStateFile.decode(encoded.bytes, now: TestTime.start)
    #expect(decoded.problems.isEmpty)
    #expect(decoded.state == state)
    // Parts with nothing to say are not written at all.
    let plain = String(
      decoding: ClientStateFile.encode(ClientState(), savedAt: TestTime.start).bytes, as: UTF8.self)
    for member in ["contextChanged", "realtime", "source"] {
      #expect(!plain.contains("\"\(member)\""))
    }
  }

  @Test(
    "a damaged contextChanged, realtime or source part costs only that part",
    arguments: [
      (#""contextChanged":"yes""#, "contextChanged"),
      (#""realtime":{"consecutiveFailures":-1}"#, "realtime"),
      (#""realtime":[]"#, "realtime"),
      (
        #""source":{"pad":""# + String(repeating: "x", count: RemoteConfigLimits.sourceStateBytes)
          + #""}"#, "source"
      ),
    ])
  func damagedNewParts(member: String, part: String) throws {
    let template = #"{"parameters": {"a": {"defaultValue": {"value": "1"}}}}"#
    let file = """
      {"format":"switchyard-remote-config","formatVersion":1,"savedAt":1767225600,"stale":true,
      "active":{"activatedAt":1767225600,"template":\(template)},\(member)}
      """
    let decoded = try ClientStateFile.decode(Array(file.utf8), now: TestTime.start)
    #expect(decoded.problems.map(\.part) == [part])
    #expect(decoded.state.isStale)
    #expect(decoded.state.active?.template.bytes == Array(template.utf8))
  }

  /// Every key's value (raw value and source) in a snapshot.
  private func values(_ snapshot: ConfigSnapshot) -> [String: ConfigValue] {
    Dictionary(uniqueKeysWithValues: snapshot.keys.map { ($0, snapshot[$0]) })
  }
}

extension RemoteConfigClient {
  /// Saves the client's state now, as every change does.
  func saveNow() async {
    await persist()
  }
}
