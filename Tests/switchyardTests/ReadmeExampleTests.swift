import ConfigClient
import ConfigClientHTTP
import ConfigEngine
import Core
import ElementaryFeature
import Foundation
import JuniorHighFeature
import RootRouting
import SwitchyardTestSupport
import Testing

/// README's Swift examples, as README spells them, compiled and run with assertions around
/// them, so README cannot drift from code that compiles and does what its comments say.
///
/// Each example sits verbatim (its `import` lines aside, which that test file makes) in one
/// test, between the names it uses and the checks of what it claims: here, or in the test
/// target of the module the example is about (ConfigRouting's server example is in
/// ConfigRoutingTests). `everyExampleIsTested` fails for a README example no test file holds.
/// Adding an example to README means adding one test. The examples keep README's layout
/// (aligned comments, long lines), so the formatter leaves those tests alone.
@Suite("README examples", .timeLimit(.minutes(3)))
struct ReadmeExampleTests {
  @Test("every Swift example in README appears verbatim in a test file, with its imports")
  func everyExampleIsTested() throws {
    let examples = try Readme.blocks().filter {
      // The package manifest snippet is not code a test can run.
      $0.language == "swift" && !$0.text.hasPrefix("dependencies:")
    }
    #expect(!examples.isEmpty)
    let testFiles = try Self.testSources()
    #expect(testFiles.count > 50)
    for example in examples {
      let exampleLines = example.text.split(separator: "\n", omittingEmptySubsequences: false)
        .map(String.init)
      let imports = exampleLines.filter { $0.hasPrefix("import ") }
      let code = Array(exampleLines.drop { $0.hasPrefix("import ") || $0.isEmpty })
      let holders = testFiles.filter { Self.contains($0.lines, code) }
      #expect(!holders.isEmpty, "no test holds README's example starting \(code.first ?? "")")
      for holder in holders {
        let missingImports = imports.filter { !holder.lines.contains($0) }
        #expect(missingImports.isEmpty, "\(holder.path) lacks README's \(missingImports)")
      }
    }
  }

  /// Every Swift file under Tests/, by path, as lines.
  static func testSources() throws -> [(path: String, lines: [String])] {
    let tests = SourceTree.url("Tests")
    guard let walker = FileManager.default.enumerator(atPath: tests.path) else { return [] }
    return try walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
      .map { path in
        let text = try String(contentsOf: tests.appendingPathComponent(path), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return (path, lines.map(String.init))
      }
  }

  /// Whether `lines` hold `code` as consecutive lines, with the same indentation relative to
  /// each other (README's code starts at column 0; a test's is indented).
  static func contains(_ lines: [String], _ code: [String]) -> Bool {
    guard let first = code.first, !first.isEmpty else { return false }
    for start in lines.indices where lines[start].hasSuffix(first) {
      let indent = lines[start].dropLast(first.count)
      guard indent.allSatisfy({ $0 == " " }), start + code.count <= lines.count else {
        continue
      }
      let candidate = lines[start..<start + code.count]
      if zip(candidate, code).allSatisfy({ $0 == ($1.isEmpty ? "" : indent + $1) }) {
        return true
      }
    }
    return false
  }

  // swift-format-ignore
  @Test("Core: typed keys read values and give a diagnostic instead of a wrong value")
  func core() throws {
    let maintenance = ConfigKey<Bool>(
      "isUnderMaintenance", default: false, description: "Shows the maintenance screen.")

    let values = InMemoryConfigValues(["isUnderMaintenance": "YES"])
    let isUnderMaintenance = values[maintenance]             // true
    let diagnostic = values.resolve(maintenance).diagnostic  // nil; "maybe" would give the default + a diagnostic

    let newer = try SemanticVersion(parsing: "3.10.0") > SemanticVersion(parsing: "3.9.0")   // true
    let grade = try Grade(stage: .elementary, year: 3)
    let plistNames = OrientationMask.landscape.plistNames    // ["UIInterfaceOrientationLandscapeLeft", ...]

    #expect(isUnderMaintenance == true)
    #expect(diagnostic == nil)
    let maybe = InMemoryConfigValues(["isUnderMaintenance": "maybe"]).resolve(maintenance)
    #expect(maybe.value == false)
    #expect(maybe.diagnostic != nil)
    #expect(newer)
    #expect(grade == (try .elementary(3)))
    #expect(plistNames.first == "UIInterfaceOrientationLandscapeLeft")
  }

  // swift-format-ignore
  @Test("ConfigClient: a template evaluates for a context and explains its answer")
  func configClient() throws {
    let templateJSON = """
      {"conditions": [{"name": "beta", "expression": "app.customSignal['grade'] >= 4"}],
       "parameters": {"welcome": {"defaultValue": {"value": "Hello"},
                                  "conditionalValues": {"beta": {"value": "Hi, beta"}}}}}
      """

    let template = CompiledTemplate(try Template(json: templateJSON))  // a TemplateError lists every problem
    let context = EvaluationContext(
      randomizationID: "user-42", customSignals: ["grade": 3], appVersion: "2.3.0", platform: "ios")
    let values = template.evaluate(context, defaults: InAppDefaults(["welcome": "Hi"]), now: Date())
    let welcome = values["welcome"].stringValue                // the winning value
    let source = values["welcome"].source                      // .remote, .default or .static
    let reasons = template.explain(key: "welcome", context, now: Date()).reasons
    // ["condition 'beta' is false: customSignal 'grade' 3 is not >= 4", ...]

    #expect(welcome == "Hello")
    #expect(source == .remote)
    #expect(reasons.first?.message == "condition 'beta' is false: customSignal 'grade' 3 is not >= 4")
  }

  // swift-format-ignore
  @Test("the client: defaults, restore, a fetch over HTTP, an update to a listener, values per request")
  func client() async throws {
    let server = try LoopbackHTTPServer()
    defer { server.stop() }
    server.serveTemplate(
      at: "/template.json",
      #"{"parameters": {"isUnderMaintenance": {"defaultValue": {"value": "true"}}}}"#, etag: "\"1\"")
    let files = try TemporaryDirectory()
    let templateURL = server.url("/template.json")
    let cacheDirectory = files.url.path
    let installationID = "install-1"
    struct Request { let userID: String }
    let request = Request(userID: "request-user")
    var restored: [Reason] = []
    func print(_ reason: Reason) { restored.append(reason) }
    let renders = LockedState<[(maintenance: Bool, changed: Set<String>)]>([])
    let rendered = SignalLatch()
    @Sendable func render(_ snapshot: ConfigSnapshot, changed: Set<String>) {
      renders.withLock { $0.append((snapshot[RootRoutingKeys.isUnderMaintenance], changed)) }
      rendered.open()
    }

    let client = RemoteConfigClient(
      source: HTTPTemplateSource(url: templateURL),          // or FileTemplateSource(path:)
      store: FileConfigStore(directoryPath: cacheDirectory),
      context: EvaluationContext(randomizationID: installationID, appVersion: "2.3.0"))
    try await client.setDefaults(InAppDefaults(keySets: [RootRoutingKeys.keys, ElementaryFeature.keys]))
    for reason in await client.restore() { print(reason) }  // ready from disk; diagnostics if not
    let snapshot = client.snapshot                           // synchronous, immutable
    let maintenance = snapshot[RootRoutingKeys.isUnderMaintenance]  // typed reads take no lock
    let updates = client.updates()                           // every change from here on
    let listener = Task {                                    // until cancelled
      for await update in updates { render(update.snapshot, changed: update.updatedKeys) }
    }
    let result = try await client.fetchAndActivate()         // 12 h minimum interval, 60 s timeout

    // A server keeps one client and evaluates per request, concurrently and without locks:
    let values = client.values(for: EvaluationContext(randomizationID: request.userID))

    #expect(restored.allSatisfy { $0.kind == .because })
    #expect(maintenance == false)
    #expect(result.updatedKeys.contains("isUnderMaintenance"))
    #expect(client.snapshot[RootRoutingKeys.isUnderMaintenance] == true)
    await rendered.wait()
    listener.cancel()
    let render = try #require(renders.withLock { $0.first })
    #expect(render.maintenance == true)
    #expect(render.changed.contains("isUnderMaintenance"))
    #expect(values["isUnderMaintenance"].rawValue == "true")
    #expect(server.requests.count == 1)
  }

  // swift-format-ignore
  @Test("RootRouting: a route for a signed-in child, and the state machine's launch")
  func rootRouting() throws {
    let values = InMemoryConfigValues([:])

    let descriptors = [ElementaryFeature.descriptor, JuniorHighFeature.descriptor]
    let configuration = RouteConfiguration(values: values, descriptors: descriptors, origin: .activated)
    let route = RoutePlanner.route(
      RouteInput(
        session: .signedIn, profile: .loaded(UserProfile(grade: try .elementary(1))),
        appVersion: try SemanticVersion(parsing: "2.3.0"), idiom: .pad),
      configuration: configuration)
    let screen = route.screen.name        // "elementary"
    let orientations = route.orientations  // [landscapeLeft, landscapeRight]

    var root = RootStateMachine(
      descriptors: descriptors, appVersion: try SemanticVersion(parsing: "2.3.0"), idiom: .pad)
    let actions = root.handle(.appLaunched(cachedConfig: nil))
    // [.fetchConfig, .restoreSession, .startLoadingTimer, .showRoute(loading)]

    #expect(screen == "elementary")
    #expect(orientations == .landscape)
    #expect(Array(actions.prefix(3)) == [.fetchConfig, .restoreSession, .startLoadingTimer])
    #expect(actions.count == 4)
  }

  // swift-format-ignore
  @Test("features: a rule in words, a home model and the key catalog")
  func features() throws {
    let values = InMemoryConfigValues(["elementary_supported_grades": "[1, 2]"])
    let rule = ElementaryFeature.descriptor.makeRule(values)   // reads the keys once
    let reason = rule.eligibility(for: FeatureUser(grade: try .elementary(3), idiom: .pad)).reason
    // "elementary course not yet open for grade 3"

    let home = JuniorHighFeature.home(for: try .juniorHigh(2), values: values, at: Date())
    let tabs = home.tabs            // [today, lessons, practice, profile]
    let shareCard = home.shareCard  // the campaign's picture of the day, or the built-in card outside it

    let defaults = try ConfigKeyCatalog([ElementaryFeature.keys, JuniorHighFeature.keys]).defaults
    // every key's default; a key declared by two modules is an error naming both, and so is
    // a default its own key cannot read

    #expect(reason.message == "elementary course not yet open for grade 3")
    #expect(tabs == [.today, .lessons, .practice, .profile])
    #expect(shareCard == .builtIn)
    #expect(defaults.count == 8)
    #expect(throws: DuplicateConfigKeyError.self) {
      try ConfigKeyCatalog([ElementaryFeature.keys, ElementaryFeature.keys])
    }
  }
}
