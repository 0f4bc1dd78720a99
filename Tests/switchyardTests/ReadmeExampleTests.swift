import ConfigClient
import Core
import ElementaryFeature
import Foundation
import JuniorHighFeature
import RootRouting
import Testing

/// The README's module examples, compiled and checked, so the README cannot drift from the API.
@Suite("README examples")
struct ReadmeExampleTests {
  @Test("Core: typed keys and versions")
  func core() throws {
    let maintenance = ConfigKey<Bool>(
      "isUnderMaintenance", default: false, description: "Shows the maintenance screen.")
    let values = InMemoryConfigValues(["isUnderMaintenance": "YES"])
    #expect(values[maintenance] == true)
    #expect(values.resolve(maintenance).diagnostic == nil)
    #expect(try SemanticVersion(parsing: "3.10.0") > SemanticVersion(parsing: "3.9.0"))
    #expect(OrientationMask.landscape.plistNames.first == "UIInterfaceOrientationLandscapeLeft")
  }

  @Test("RootRouting: a route and the state machine's launch")
  func rootRouting() throws {
    let values = InMemoryConfigValues([:])
    let descriptors = [ElementaryFeature.descriptor, JuniorHighFeature.descriptor]
    let configuration = RouteConfiguration(
      values: values, descriptors: descriptors, origin: .activated)
    let route = RoutePlanner.route(
      RouteInput(
        session: .signedIn, profile: .loaded(UserProfile(grade: try .elementary(1))),
        appVersion: try SemanticVersion(parsing: "2.3.0"), idiom: .pad),
      configuration: configuration)
    #expect(route.screen.name == "elementary")
    #expect(route.orientations == .landscape)
    var root = RootStateMachine(
      descriptors: descriptors, appVersion: try SemanticVersion(parsing: "2.3.0"), idiom: .pad)
    let actions = root.handle(.appLaunched(cachedConfig: nil))
    #expect(Array(actions.prefix(3)) == [.fetchConfig, .restoreSession, .startLoadingTimer])
  }

  @Test("features: rules, homes and key catalogs")
  func features() throws {
    let values = InMemoryConfigValues(["elementary_supported_grades": "[1, 2]"])
    let rule = ElementaryFeature.descriptor.makeRule(values)
    #expect(
      rule.eligibility(for: FeatureUser(grade: try .elementary(3), idiom: .pad)).reason.message
        == "elementary course not yet open for grade 3")
    let home = JuniorHighFeature.home(for: try .juniorHigh(2), values: values, at: Date())
    #expect(home.tabs == [.today, .lessons, .practice, .profile])
    #expect(
      try ConfigKeyCatalog([ElementaryFeature.keys, JuniorHighFeature.keys]).defaults.count == 8)
  }

  @Test("ConfigClient: templates evaluate and explain")
  func configClient() throws {
    let templateJSON = """
      {"conditions": [{"name": "beta", "expression": "app.customSignal['grade'] >= 4"}],
       "parameters": {"welcome": {"defaultValue": {"value": "Hello"},
                                  "conditionalValues": {"beta": {"value": "Hi, beta"}}}}}
      """
    let template = CompiledTemplate(try Template(json: templateJSON))
    let context = EvaluationContext(
      randomizationID: "user-42", customSignals: ["grade": 3], appVersion: "2.3.0", platform: "ios")
    let values = template.evaluate(context, defaults: InAppDefaults(["welcome": "Hi"]), now: Date())
    #expect(values["welcome"].stringValue == "Hello")
    #expect(values["welcome"].source == .remote)
    #expect(
      template.explain(key: "welcome", context, now: Date()).reasons.first?.message
        == "condition 'beta' is false: customSignal 'grade' 3 is not >= 4")
  }
}

@Suite("README client example")
struct ReadmeClientExampleTests {
  @Test("the client example reads defaults from disk-less start and evaluates per request")
  func client() async throws {
    let files = try TemporaryDirectory()
    let templatePath = try files.write(
      "template.json",
      #"{"parameters": {"isUnderMaintenance": {"defaultValue": {"value": "true"}}}}"#)
    let client = RemoteConfigClient(
      source: FileTemplateSource(path: templatePath),
      store: FileConfigStore(directoryPath: files.url.path),
      context: EvaluationContext(randomizationID: "install-1", appVersion: "2.3.0"))
    try await client.setDefaults(
      InAppDefaults(keySets: [RootRoutingKeys.keySet, ElementaryFeature.keys]))
    let reasons = await client.restore()
    #expect(reasons.allSatisfy { $0.kind == .because })
    #expect(client.snapshot[RootRoutingKeys.isUnderMaintenance] == false)
    let result = try await client.fetchAndActivate()
    #expect(result.updatedKeys.contains("isUnderMaintenance"))
    #expect(client.snapshot[RootRoutingKeys.isUnderMaintenance] == true)
    let values = client.values(for: EvaluationContext(randomizationID: "request-user"))
    #expect(values["isUnderMaintenance"].rawValue == "true")
  }
}
