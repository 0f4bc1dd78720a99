import ConfigClient
import ConfigRouting
import Core
import ElementaryFeature
import Foundation
import JuniorHighFeature
import RootRouting
import Testing

/// README's server example, compiled and run here: the lines between the `README` markers
/// below must appear in README.md as they are, so README cannot drift from what this runs.
@Suite("README routing example")
struct ReadmeRoutingExampleTests {
  static let templateJSON = """
    {"conditions": [{"name": "grade2", "expression": "app.customSignal['stage'].exactlyMatches(['elementary']) && app.customSignal['year'] == 2"}],
     "parameters": {"elementary_supported_grades": {"defaultValue": {"value": "[1]"},
       "conditionalValues": {"grade2": {"value": "[1, 2]"}}}}}
    """

  @Test("a server routes a request in two lines, as the app would")
  func serverRoutes() throws {
    let templateJSON = Self.templateJSON
    let userID = "user-42"
    // README: begin
    let catalog = try ConfigKeyCatalog(
      [RootRoutingKeys.keys, ElementaryFeature.keys, JuniorHighFeature.keys])
    let input = RouteInput(
      session: .signedIn, profile: .loaded(UserProfile(grade: try .elementary(2))),
      appVersion: try SemanticVersion(parsing: "2.3.0"), idiom: .pad)

    // Once per template: the pipeline for the app's features and defaults.
    let router = ConfigRouter(
      template: CompiledTemplate(try Template(json: templateJSON)),
      features: [ElementaryFeature.descriptor, JuniorHighFeature.descriptor],
      defaults: InAppDefaults(catalog: catalog))
    // Per request: the app's signals (stage, year, idiom, app version) come from the input.
    let routed = router.route(
      input, context: EvaluationContext(randomizationID: userID), now: Date())
    // README: end
    #expect(routed.route.screen.name == "elementary")
    #expect(
      routed.route.reasons.last?.message == "elementary course is open for grade 2 on this iPad")
    #expect(
      routed.configuration.eligibility(for: FeatureUser(grade: try .elementary(2), idiom: .pad))
        .map(\.serves) == [true, false])
    let explained = router.explain(routed)
    #expect(explained.map(\.value.key) == routed.configuration.keyNames)
    #expect(
      explained.first { $0.value.key == "elementary_supported_grades" }?.value.rawValue == "[1, 2]")
  }

  @Test("README shows the example's lines as this test runs them")
  func readmeShowsExample() throws {
    let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let begin = try #require(lines.firstIndex { $0.hasSuffix("// README: begin") })
    let end = try #require(lines.firstIndex { $0.hasSuffix("// README: end") })
    let indent = lines[begin].prefix { $0 == " " }.count
    let example = lines[(begin + 1)..<end].map { $0.dropFirst(indent) }.joined(separator: "\n")
    let readme = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("README.md")
    #expect(example.count > 400)
    #expect(try String(contentsOf: readme, encoding: .utf8).contains("\n" + example + "\n"))
  }
}
