import Core
import ElementaryFeature
import Testing

@Suite("ElementaryFeature descriptor")
struct ElementaryDescriptorTests {
  static func eligibility(
    _ values: [String: String], _ stage: String, _ year: Int, _ idiom: DeviceIdiom
  ) throws -> FeatureEligibility {
    let rule = ElementaryFeature.descriptor.makeRule(InMemoryConfigValues(values))
    let grade = try Grade(stage: SchoolStage(name: stage), year: year)
    return rule.eligibility(for: FeatureUser(grade: grade, idiom: idiom))
  }

  @Test(
    "serves an elementary year that is open, while the course is on, on iPad only",
    arguments: [
      (
        [:], 1, DeviceIdiom.pad,
        FeatureEligibility.serves(
          because: "elementary course is open for grade 1 on this iPad")
      ),
      ([:], 1, .phone, .declines(because: "elementary course is iPad-only; this is a phone")),
      ([:], 2, .pad, .declines(because: "elementary course not yet open for grade 2")),
      ([:], 3, .phone, .declines(because: "elementary course not yet open for grade 3")),
      (
        ["elementary_supported_grades": "[1, 2, 3]"], 3, .pad,
        .serves(because: "elementary course is open for grade 3 on this iPad")
      ),
      (
        ["elementary_supported_grades": "[2.0, 6]"], 6, .pad,
        .serves(because: "elementary course is open for grade 6 on this iPad")
      ),
      (
        ["elementary_supported_grades": "[2]"], 1, .pad,
        .declines(because: "elementary course not yet open for grade 1")
      ),
      (
        ["elementary_supported_grades": "[]"], 1, .pad,
        .declines(because: "elementary course not yet open for grade 1")
      ),
      (
        ["elementary_enabled": "false"], 1, .pad,
        .declines(because: "elementary course is turned off (elementary_enabled is false)")
      ),
      (
        ["elementary_enabled": "off", "elementary_supported_grades": "[1, 2, 3, 4, 5, 6]"], 4,
        .pad,
        .declines(because: "elementary course is turned off (elementary_enabled is false)")
      ),
      (
        ["elementary_enabled": "YES", "elementary_supported_grades": "[4]"], 4, .pad,
        .serves(because: "elementary course is open for grade 4 on this iPad")
      ),
    ] as [([String: String], Int, DeviceIdiom, FeatureEligibility)])
  func elementaryUsers(
    values: [String: String], year: Int, idiom: DeviceIdiom, expected: FeatureEligibility
  ) throws {
    #expect(try Self.eligibility(values, "elementary", year, idiom) == expected)
    #expect(ElementaryFeature.descriptor.makeRule(InMemoryConfigValues(values)).diagnostics == [])
  }

  @Test(
    "declines every other stage, naming the user's grade, whatever the switch says",
    arguments: [
      ("juniorHigh", 2, "true"), ("juniorHigh", 2, "false"), ("highSchool", 1, "true"),
      ("university", 3, "true"),
    ])
  func otherStages(stage: String, year: Int, enabled: String) throws {
    for idiom in DeviceIdiom.allCases {
      #expect(
        try Self.eligibility(["elementary_enabled": enabled], stage, year, idiom)
          == .declines(
            because: "elementary course is for elementary grades; this user is \(stage) \(year)"))
    }
  }

  @Test(
    "a malformed value is replaced by its default and reported in the rule's diagnostics",
    arguments: [
      (
        "elementary_enabled", "maybe",
        #"key 'elementary_enabled': "maybe" is not a boolean; using the default true"#
      ),
      (
        "elementary_supported_grades", "[1, 7]",
        #"key 'elementary_supported_grades': "[1, 7]" is not a JSON array of elementary years "#
          + #"such as [1, 2] (element [1] must be a year 1...6, found 7); using the default [1]"#
      ),
      (
        "elementary_supported_grades", "[0]",
        #"key 'elementary_supported_grades': "[0]" is not a JSON array of elementary years "#
          + #"such as [1, 2] (element [0] must be a year 1...6, found 0); using the default [1]"#
      ),
      (
        "elementary_supported_grades", #"[1, "2"]"#,
        #"key 'elementary_supported_grades': "[1, "2"]" is not a JSON array of elementary "#
          + #"years such as [1, 2] (element [1] must be a year 1...6, found "2"); using the "#
          + "default [1]"
      ),
      (
        "elementary_supported_grades", "[1.5]",
        #"key 'elementary_supported_grades': "[1.5]" is not a JSON array of elementary years "#
          + #"such as [1, 2] (element [0] must be a year 1...6, found 1.5); using the default [1]"#
      ),
      (
        "elementary_supported_grades", #"{"grades": [2]}"#,
        #"key 'elementary_supported_grades': "{"grades": [2]}" is not a JSON array of "#
          + #"elementary years such as [1, 2] (found an object); using the default [1]"#
      ),
      (
        "elementary_supported_grades", "2",
        #"key 'elementary_supported_grades': "2" is not a JSON array of elementary years "#
          + #"such as [1, 2] (found a number); using the default [1]"#
      ),
      (
        "elementary_supported_grades", "[1,",
        #"key 'elementary_supported_grades': "[1," is not a JSON array of elementary years "#
          + "such as [1, 2] (invalid JSON: line 1, column 4: expected a JSON value, found end "
          + "of input); using the default [1]"
      ),
    ])
  func malformedValue(key: String, raw: String, message: String) throws {
    let values = InMemoryConfigValues([key: raw])
    let rule = ElementaryFeature.descriptor.makeRule(values)
    #expect(rule.diagnostics == [.diagnostic(message)])
    // The defaults stand in: on, grade 1 open, grade 2 not.
    let user = FeatureUser(grade: try .elementary(1), idiom: .pad)
    #expect(rule.eligibility(for: user).serves)
    #expect(!rule.eligibility(for: FeatureUser(grade: try .elementary(2), idiom: .pad)).serves)
  }

  @Test("both routing keys malformed give both diagnostics, in key order")
  func twoDiagnostics() {
    let values = InMemoryConfigValues([
      "elementary_supported_grades": "all", "elementary_enabled": "sometimes",
    ])
    let messages = ElementaryFeature.descriptor.makeRule(values).diagnostics.map(\.message)
    #expect(messages.count == 2)
    #expect(messages.first?.hasPrefix("key 'elementary_enabled'") == true)
    #expect(messages.last?.hasPrefix("key 'elementary_supported_grades'") == true)
  }

  @Test("home-screen keys never touch the routing rule, even when malformed")
  func homeKeysIgnored() {
    let values = InMemoryConfigValues([
      "elementary_home_sections": "nope", "elementary_daily_goal_minutes": "lots",
    ])
    #expect(ElementaryFeature.descriptor.makeRule(values).diagnostics == [])
  }

  @Test("the course is landscape only, left and right, on every device")
  func orientations() {
    for idiom in DeviceIdiom.allCases {
      #expect(
        ElementaryFeature.descriptor.orientations[idiom] == [.landscapeLeft, .landscapeRight])
    }
  }
}
