import ConfigClient
import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

/// Deterministic fuzzing of the client's saved state as `RemoteConfigClient.restore()` reads
/// it from a real `FileConfigStore` file: truncations, bit flips, splices, members replaced by
/// the wrong kind, numbers no type holds, nesting past the parser's limit. Restoring never
/// traps or hangs; an unusable file costs a diagnostic that says where in one readable line,
/// and damage outside the active template never costs the active template.
@Suite("RemoteConfigClient restore fuzzing", FuzzBudget.timeLimit(minutes: 3))
struct CacheFileFuzzTests {
  /// The rules each damaged file is held to.
  struct Rules {
    var place = FuzzFailures(
      "a diagnostic names the place in the file: a field, a line and column, or the file")
    var line = FuzzFailures(
      "a diagnostic is one readable line of at most \(ErrorTextRule.maximumScalars) scalars")
    var kept = FuzzFailures(
      "a file whose active template is intact restores that template")
    var restored = 0
    var refused = 0

    /// Saves `bytes` as the store's file, restores a new client from it, and checks.
    mutating func check(
      _ bytes: [UInt8], original: SavedState, directory: TemporaryDirectory, seed: UInt64,
      iteration: Int
    ) async throws {
      // Written directly: the store's own save flushes to disk, which a fuzz loop need not wait for.
      let store = FileConfigStore(directory: directory.url)
      try directory.write(store.fileName, bytes)
      let client = RemoteConfigClient(
        source: InMemoryTemplateSource(), store: store,
        timeSource: ManualTimeSource(now: TestTime.start), random: .constant(0.5),
        defaults: InAppDefaults(["welcome_message": "default"]))
      let reasons = await client.restore()
      // For the saved context's users, so a context part lost to damage does not count.
      let values = activeValues(client, for: context)
      let diagnostics = reasons.filter { $0.kind == .diagnostic }
      if diagnostics.isEmpty { restored += 1 } else { refused += 1 }
      for diagnostic in diagnostics {
        let message = diagnostic.message
        if !Self.namesPlace(message) {
          place.add(seed: seed, iteration: iteration, input: bytes, message)
        }
        if let why = ErrorTextRule.lineProblem(message) {
          line.add(
            seed: seed, iteration: iteration, input: bytes,
            "\(why): \(message.prefix(200).debugDescription)")
        }
      }
      if original.activeIsIntact(in: bytes), values != original.activeValues {
        kept.add(
          seed: seed, iteration: iteration, input: bytes,
          "restored \(values.count) values: \(diagnostics.first?.message.prefix(300) ?? "")")
      }
    }

    /// A member in quotes (`field 'throttle.until'`, `'active'`), a JSON position, a
    /// template's own location, the format's fields, or the file as a whole.
    static func namesPlace(_ message: String) -> Bool {
      ErrorTextRule.hasLineAndColumn(message) || ErrorTextRule.contains(message, "field '")
        || message.contains(/'[A-Za-z][A-Za-z.]*'/)
        || message.contains(#/invalid template: [^:;]+: /#)
        || ErrorTextRule.contains(message, "\"format\"")
        || message.contains("format version") || message.contains("the file")
    }
  }

  /// A client state saved by a real client, and what restoring it gives.
  struct SavedState {
    let bytes: [UInt8]
    let document: JSONValue?
    /// The active snapshot's values after restoring the undamaged file.
    let activeValues: [String: String]

    /// Whether `bytes` is still a file of ours whose `active` member is untouched.
    func activeIsIntact(in bytes: [UInt8]) -> Bool {
      guard case .object(let original)? = document, let active = original["active"],
        case .object(let damaged)? = try? JSONParser().parse(bytes)
      else { return false }
      return damaged["active"] == active && damaged["format"] == original["format"]
        && damaged["formatVersion"] == original["formatVersion"]
    }
  }

  /// States a real client saved: a template active and another fetched, with the context;
  /// and after a failed fetch, with a throttle.
  static func savedStates() async throws -> [SavedState] {
    let client = try TemplateFixtures.text("client-template.json")
    let server = try TemplateFixtures.text("server-template.json")
    let harness = ClientHarness(
      [.template(client, etag: "e1"), .template(server, etag: "e2"), .serverError()],
      context: context)
    var states: [[UInt8]] = []
    _ = try await harness.client.fetchAndActivate()
    states.append(try #require(harness.store.bytes))
    harness.time.advance(by: .seconds(13 * 3600))
    _ = try await harness.client.fetch()
    states.append(try #require(harness.store.bytes))
    harness.time.advance(by: .seconds(13 * 3600))
    _ = try? await harness.client.fetch()
    states.append(try #require(harness.store.bytes))
    var saved: [SavedState] = []
    for bytes in states {
      let restarted = harness.restarted()
      restarted.store.replace(with: bytes)
      await restarted.client.restore()
      saved.append(
        SavedState(
          bytes: bytes, document: try? JSONParser().parse(bytes),
          activeValues: activeValues(restarted.client, for: context)))
    }
    return saved
  }

  @Test("the saved states restore their active template before they are damaged")
  func statesRestore() async throws {
    for state in try await Self.savedStates() {
      #expect(!state.activeValues.isEmpty)
      #expect(state.document != nil)
    }
  }

  @Test("400 files with damaged bytes each restore, or fall back with a diagnostic that says where")
  func damagedBytes() async throws {
    let states = try await Self.savedStates()
    let directory = try TemporaryDirectory()
    var rules = Rules()
    for seed in FuzzBudget.seeds([0xCAC4_E001, 0xCAC4_E002]) {
      var random = SeededRandomGenerator(seed: seed)
      for iteration in 0..<200 {
        let bytes = ByteMutator.mutate(
          random.pick(states).bytes, donors: states.map(\.bytes), random: &random)
        try await rules.check(
          bytes, original: random.pick(states), directory: directory, seed: seed,
          iteration: iteration)
      }
    }
    #expect(rules.refused > 0)
    rules.place.expectNone()
    rules.line.expectNone()
  }

  @Test("400 files with damaged members each keep an intact active template")
  func damagedMembers() async throws {
    let states = try await Self.savedStates()
    let directory = try TemporaryDirectory()
    var rules = Rules()
    for seed in FuzzBudget.seeds([0xCAC4_E101, 0xCAC4_E102]) {
      var random = SeededRandomGenerator(seed: seed)
      for iteration in 0..<200 {
        let state = random.pick(states)
        guard let document = state.document else { continue }
        let bytes = Array(
          HostileJSON.mutate(document, hostileText: false, random: &random).jsonText.utf8)
        try await rules.check(
          bytes, original: state, directory: directory, seed: seed, iteration: iteration)
      }
    }
    #expect(rules.restored > 0)
    #expect(rules.refused > 0)
    rules.place.expectNone()
    rules.line.expectNone()
    rules.kept.expectNone()
  }
}

/// The context the saved states were made with: what the active template is judged by.
private let context = EvaluationContext(
  randomizationID: "user-1", customSignals: ["tier": "paid", "grade": 3],
  appVersion: "3.1.0", platform: "ios", country: "JP", language: "ja",
  userProperties: ["level": "5"], audiences: ["Buyers"],
  firstOpenTime: Date(timeIntervalSince1970: 1_700_000_000.25))

/// The raw values `client`'s active template gives `context`: they depend on the active
/// template and the defaults only, not on the context saved with them.
private func activeValues(
  _ client: RemoteConfigClient, for context: EvaluationContext
) -> [String: String] {
  let values = client.values(for: context)
  return Dictionary(
    uniqueKeysWithValues: values.keys.compactMap { key in
      values.configValue(forKey: key).map { (key, $0.rawValue) }
    })
}
