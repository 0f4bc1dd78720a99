import Core
import Testing

@Suite("ConfigKeyCatalog: key ownership")
struct ConfigKeyCatalogTests {
  static let elementary = ConfigKeySet(
    module: "ElementaryFeature",
    keys: [
      ConfigKey<Bool>("elementary_enabled", default: true).erased,
      ConfigKey<[Int]>(json: "elementary_supported_grades", default: [1]).erased,
    ])
  static let juniorHigh = ConfigKeySet(
    module: "JuniorHighFeature",
    keys: [ConfigKey<Bool>("junior_high_enabled", default: true).erased])

  @Test("assembles every module's keys with their owners and defaults")
  func assembles() throws {
    let catalog = try ConfigKeyCatalog([Self.elementary, Self.juniorHigh])
    #expect(
      catalog.entries.map(\.key.name) == [
        "elementary_enabled", "elementary_supported_grades", "junior_high_enabled",
      ])
    #expect(catalog.owner(of: "junior_high_enabled") == "JuniorHighFeature")
    #expect(catalog.owner(of: "nobody") == nil)
    #expect(catalog.modules == ["ElementaryFeature", "JuniorHighFeature"])
    #expect(
      catalog.defaults == [
        "elementary_enabled": "true", "elementary_supported_grades": "[1]",
        "junior_high_enabled": "true",
      ])
  }

  @Test("two modules declaring one key is an error naming both, even with equal defaults")
  func duplicateAcrossModules() {
    let clash = ConfigKeySet(
      module: "JuniorHighFeature",
      keys: [ConfigKey<Bool>("elementary_enabled", default: true).erased])
    #expect(
      throws: DuplicateConfigKeyError(
        key: "elementary_enabled", firstModule: "ElementaryFeature",
        secondModule: "JuniorHighFeature")
    ) {
      try ConfigKeyCatalog([Self.elementary, clash])
    }
    #expect(
      DuplicateConfigKeyError(key: "k", firstModule: "A", secondModule: "B").description
        == "config key 'k' is declared by both A and B")
  }

  @Test("one module declaring a key twice is an error too")
  func duplicateWithinModule() {
    let twice = ConfigKeySet(
      module: "RootRouting",
      keys: [
        ConfigKey<Bool>("flag", default: true).erased,
        ConfigKey<Bool>("flag", default: false).erased,
      ])
    #expect(
      throws: DuplicateConfigKeyError(
        key: "flag", firstModule: "RootRouting", secondModule: "RootRouting")
    ) {
      try ConfigKeyCatalog([twice])
    }
    #expect(
      DuplicateConfigKeyError(key: "flag", firstModule: "RootRouting", secondModule: "RootRouting")
        .description == "config key 'flag' is declared twice by RootRouting")
  }
}
