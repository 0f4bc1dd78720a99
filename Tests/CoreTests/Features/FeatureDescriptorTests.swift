import Core
import SwitchyardTestSupport
import Testing

@Suite("FeatureDescriptor")
struct FeatureDescriptorTests {
  static let isOpen = ConfigKey<Bool>("course_open", default: true)

  /// A descriptor that reads its key once, in `makeRule`, and decides from the grade.
  static let course = FakeCourse.elementary(isOpen: isOpen)

  @Test(
    "a descriptor's rule reads the feature's values once and decides per user",
    arguments: [
      (
        [String: String](), "elementary",
        FeatureEligibility.serves(because: "elementary serves elementary grades")
      ),
      ([:], "juniorHigh", .declines(because: "elementary serves elementary grades only")),
      (["course_open": "false"], "elementary", .declines(because: "elementary is closed")),
    ])
  func ruleDecides(values: [String: String], stage: String, expected: FeatureEligibility) throws {
    let rule = Self.course.makeRule(InMemoryConfigValues(values))
    let user = FeatureUser(
      grade: try Grade(stage: SchoolStage(name: stage), year: 1), idiom: .phone)
    #expect(rule.eligibility(for: user) == expected)
    #expect(rule.diagnostics.isEmpty)
  }

  @Test("a value that does not decode is kept as the rule's diagnostic, and the default stands in")
  func ruleKeepsDiagnostics() throws {
    let rule = Self.course.makeRule(InMemoryConfigValues(["course_open": "perhaps"]))
    #expect(
      rule.diagnostics
        == [.diagnostic("key 'course_open': \"perhaps\" is not a boolean; using the default true")])
    let user = FeatureUser(grade: try .elementary(2), idiom: .pad)
    #expect(rule.eligibility(for: user).serves)
  }

  @Test("a descriptor carries its identity, module, keys and orientations")
  func carriesMetadata() {
    #expect(Self.course.id == .elementary)
    #expect(Self.course.module == "ElementaryFeature")
    #expect(Self.course.keys.map(\.name) == ["course_open"])
    #expect(Self.course.orientations[.phone] == .portrait)
    #expect(Self.course.orientations[.pad] == .landscape)
  }

  @Test("the platform default is all but upside-down on phones and all four on pads")
  func platformDefault() {
    #expect(FeatureOrientations.platformDefault[.phone] == .allButUpsideDown)
    #expect(FeatureOrientations.platformDefault[.pad] == .all)
    #expect(
      FeatureOrientations(.landscape) == FeatureOrientations(phone: .landscape, pad: .landscape))
  }

  @Test(
    "an eligibility's reason is its message, for serving and declining alike",
    arguments: [
      (FeatureEligibility.serves(because: "a serves b"), true),
      (.declines(because: "a serves b"), false),
    ])
  func eligibilityReason(eligibility: FeatureEligibility, serves: Bool) {
    #expect(eligibility.serves == serves)
    #expect(eligibility.reason == .because("a serves b"))
  }
}
