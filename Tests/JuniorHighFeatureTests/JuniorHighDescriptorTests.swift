import Core
import JuniorHighFeature
import Testing

@Suite("JuniorHighFeature descriptor")
struct JuniorHighDescriptorTests {
  static func eligibility(
    _ values: [String: String], _ stage: String, _ year: Int, _ idiom: DeviceIdiom
  ) throws -> FeatureEligibility {
    let rule = JuniorHighFeature.descriptor.makeRule(InMemoryConfigValues(values))
    let grade = try Grade(stage: SchoolStage(name: stage), year: year)
    return rule.eligibility(for: FeatureUser(grade: grade, idiom: idiom))
  }

  @Test(
    "serves every junior-high year on any device while the course is on",
    arguments: [1, 2, 3], DeviceIdiom.allCases)
  func serves(year: Int, idiom: DeviceIdiom) throws {
    for values in [[:], ["junior_high_enabled": "true"], ["junior_high_enabled": "on"]] {
      #expect(
        try Self.eligibility(values, "juniorHigh", year, idiom)
          == .serves(because: "junior high course is open for juniorHigh \(year)"))
    }
  }

  @Test(
    "declines every junior-high user while the course is off",
    arguments: ["false", "0", "no", "OFF"])
  func turnedOff(raw: String) throws {
    for idiom in DeviceIdiom.allCases {
      #expect(
        try Self.eligibility(["junior_high_enabled": raw], "juniorHigh", 2, idiom)
          == .declines(because: "junior high course is turned off (junior_high_enabled is false)"))
    }
  }

  @Test(
    "declines every other stage, naming the user's grade, whatever the switch says",
    arguments: [
      ("elementary", 3, "true"), ("elementary", 6, "false"), ("highSchool", 1, "true"),
      ("university", 2, "true"),
    ])
  func otherStages(stage: String, year: Int, enabled: String) throws {
    #expect(
      try Self.eligibility(["junior_high_enabled": enabled], stage, year, .pad)
        == .declines(
          because: "junior high course is for junior-high grades; this user is \(stage) \(year)"))
  }

  @Test("a malformed switch reads as on and is reported in the rule's diagnostics")
  func malformedSwitch() throws {
    let rule = JuniorHighFeature.descriptor.makeRule(
      InMemoryConfigValues(["junior_high_enabled": "sometimes"]))
    #expect(
      rule.diagnostics == [
        .diagnostic(
          #"key 'junior_high_enabled': "sometimes" is not a boolean; using the default true"#)
      ])
    #expect(rule.eligibility(for: FeatureUser(grade: try .juniorHigh(1), idiom: .phone)).serves)
  }

  @Test("home-screen and campaign keys never touch the routing rule, even when malformed")
  func otherKeysIgnored() {
    let values = InMemoryConfigValues([
      "junior_high_home_tabs": "tabs", "x_campaign_params_for_ios": "[]",
    ])
    #expect(JuniorHighFeature.descriptor.makeRule(values).diagnostics == [])
  }

  @Test("all four orientations on iPad, all but upside-down on iPhone")
  func orientations() {
    let orientations = JuniorHighFeature.descriptor.orientations
    #expect(
      orientations[.pad] == [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight])
    #expect(orientations[.phone] == [.portrait, .landscapeLeft, .landscapeRight])
  }
}
