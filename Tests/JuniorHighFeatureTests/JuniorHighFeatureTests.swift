import Core
import JuniorHighFeature
import Testing

@Suite("JuniorHighFeature keys")
struct JuniorHighFeatureTests {
  @Test("the feature's identity is the junior-high course")
  func identity() {
    #expect(JuniorHighFeature.id == .juniorHigh)
    #expect(JuniorHighFeature.descriptor.id == .juniorHigh)
    #expect(JuniorHighFeature.descriptor.module == "JuniorHighFeature")
  }

  @Test("the module declares its keys in one list, with types, defaults and descriptions")
  func keyList() {
    let keys = JuniorHighFeature.keys
    #expect(keys.module == "JuniorHighFeature")
    #expect(
      keys.keys.map(\.name) == [
        "junior_high_enabled", "junior_high_home_tabs", "x_campaign_params_for_ios",
        "x_campaign_for_ios",
      ])
    #expect(keys.keys.map(\.valueType) == [.boolean, .json, .json, .string])
    #expect(
      keys.keys.map(\.defaultRawValue) == [
        "true", #"["today","lessons","practice","profile"]"#, "{}", "",
      ])
    for key in keys.keys {
      #expect(!key.description.isEmpty, "\(key.name) has no description")
    }
  }

  @Test("the in-app defaults read back as the typed defaults, silently")
  func defaultsRoundTrip() throws {
    let catalog = try ConfigKeyCatalog([JuniorHighFeature.keys])
    let values = InMemoryConfigValues(catalog.defaults, source: .default)
    #expect(
      values.resolve(JuniorHighFeatureKeys.enabled)
        == ResolvedValue(value: true, source: .default, diagnostic: nil))
    #expect(
      values.resolve(JuniorHighFeatureKeys.homeTabs).value == [
        "today", "lessons", "practice", "profile",
      ])
    let campaign = values.resolve(JuniorHighFeatureKeys.campaignParams)
    #expect(campaign.value == nil && campaign.diagnostic == nil && campaign.source == .default)
    #expect(values.resolve(JuniorHighFeatureKeys.campaignShareText).value == "")
  }

  @Test("another module declaring one of these keys is an error naming both modules")
  func ownership() {
    let intruder = ConfigKeySet(
      module: "ElementaryFeature",
      keys: [ConfigKey<String>("x_campaign_for_ios", default: "#Hi").erased])
    #expect(
      throws: DuplicateConfigKeyError(
        key: "x_campaign_for_ios", firstModule: "ElementaryFeature",
        secondModule: "JuniorHighFeature")
    ) { try ConfigKeyCatalog([intruder, JuniorHighFeature.keys]) }
  }

  @Test("the routing rule depends on the switch only")
  func routingKeys() {
    #expect(JuniorHighFeature.descriptor.keys.map(\.name) == ["junior_high_enabled"])
  }
}
