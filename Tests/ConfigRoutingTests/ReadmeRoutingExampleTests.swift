import ConfigEngine
import ConfigRouting
import Core
import ElementaryFeature
import Foundation
import JuniorHighFeature
import RootRouting
import Testing

/// README's server example, compiled and run here as README spells it (switchyardTests'
/// "README examples" suite checks that README's block appears in this file verbatim).
@Suite("README routing example")
struct ReadmeRoutingExampleTests {
  static let templateJSON = """
    {"conditions": [{"name": "grade2", "expression": "app.customSignal['stage'].exactlyMatches(['elementary']) && app.customSignal['year'] == 2"}],
     "parameters": {"elementary_supported_grades": {"defaultValue": {"value": "[1]"},
       "conditionalValues": {"grade2": {"value": "[1, 2]"}}}}}
    """

  // swift-format-ignore
  @Test("a server routes a request in two lines, as the app would")
  func serverRoutes() throws {
    let templateJSON = Self.templateJSON
    let userID = "user-42"
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
    let screen = routed.route.screen.name  // "elementary" when the template opens grade 2
    let answers = routed.configuration.eligibility(  // every feature's, from the rules made once
      for: FeatureUser(grade: try .elementary(2), idiom: .pad))
    let explained = router.explain(routed)  // the value behind every key the route read, and why

    #expect(screen == "elementary")
    #expect(
      routed.route.reasons.last?.message == "elementary course is open for grade 2 on this iPad")
    #expect(answers.map(\.serves) == [true, false])
    #expect(explained.map(\.value.key) == routed.configuration.keyNames)
    #expect(
      explained.first { $0.value.key == "elementary_supported_grades" }?.value.rawValue == "[1, 2]")
  }
}
