import Core
import ElementaryFeature
import Testing

@Suite("ElementaryFeature keys")
struct ElementaryFeatureTests {
  @Test("the feature's identity is the elementary course")
  func identity() {
    #expect(ElementaryFeature.id == .elementary)
    #expect(ElementaryFeature.descriptor.id == .elementary)
    #expect(ElementaryFeature.descriptor.module == "ElementaryFeature")
  }

  @Test("the module declares its keys in one list, with types, defaults and descriptions")
  func keyList() {
    let keys = ElementaryFeature.keys
    #expect(keys.module == "ElementaryFeature")
    #expect(
      keys.keys.map(\.name) == [
        "elementary_enabled", "elementary_supported_grades", "elementary_home_sections",
        "elementary_daily_goal_minutes",
      ])
    #expect(keys.keys.map(\.valueType) == [.boolean, .json, .json, .number])
    #expect(
      keys.keys.map(\.defaultRawValue) == [
        "true", "[1]", #"["todaysLesson","dailyGoal","review","stickerBook","library"]"#, "15",
      ])
    for key in keys.keys {
      #expect(!key.description.isEmpty, "\(key.name) has no description")
    }
  }

  @Test("the in-app defaults read back as the typed defaults")
  func defaultsRoundTrip() throws {
    let catalog = try ConfigKeyCatalog([ElementaryFeature.keys])
    let values = InMemoryConfigValues(catalog.defaults, source: .default)
    #expect(
      values.resolve(ElementaryFeatureKeys.enabled)
        == ResolvedValue(value: true, source: .default, diagnostic: nil))
    #expect(values.resolve(ElementaryFeatureKeys.supportedGrades).value == [1])
    #expect(values.resolve(ElementaryFeatureKeys.supportedGrades).source == .default)
    #expect(
      values.resolve(ElementaryFeatureKeys.homeSections).value
        == ElementaryFeatureKeys.defaultHomeSections.map(\.rawValue))
    #expect(values.resolve(ElementaryFeatureKeys.dailyGoalMinutes).value == 15)
    #expect(values.resolve(ElementaryFeatureKeys.dailyGoalMinutes).source == .default)
  }

  @Test("another module declaring one of these keys is an error naming both modules")
  func ownership() {
    let intruder = ConfigKeySet(
      module: "JuniorHighFeature",
      keys: [ConfigKey<Bool>("elementary_enabled", default: false).erased])
    #expect(
      throws: DuplicateConfigKeyError(
        key: "elementary_enabled", firstModule: "ElementaryFeature",
        secondModule: "JuniorHighFeature")
    ) { try ConfigKeyCatalog([ElementaryFeature.keys, intruder]) }
  }

  @Test("the routing rule depends on the switch and the open grades only")
  func routingKeys() {
    #expect(
      ElementaryFeature.descriptor.keys.map(\.name) == [
        "elementary_enabled", "elementary_supported_grades",
      ])
  }
}
