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

  /// `typed` with its default written as `raw`: how a module's hand-written default can
  /// disagree with its own decoder.
  static func key<Value>(_ typed: ConfigKey<Value>, defaultRaw raw: String) -> AnyConfigKey {
    ConfigKey(
      typed.name, valueType: typed.valueType, default: typed.defaultValue, defaultRawValue: raw,
      decode: typed.decode
    ).erased
  }

  @Test(
    "a default its own key cannot decode is an error naming the key and the module",
    arguments: [
      (
        key(ConfigKey<Bool>("flag", default: false), defaultRaw: "maybe"),
        #"key 'flag': "maybe" is not a boolean"#
      ),
      (
        key(ConfigKey<Double>("ratio", default: 1), defaultRaw: "ten"),
        #"key 'ratio': "ten" is not a number"#
      ),
      (
        key(ConfigKey<Int>("minutes", default: 15), defaultRaw: "1.5"),
        #"key 'minutes': "1.5" is not an integer"#
      ),
      (
        key(ConfigKey<[Int]>(json: "years", default: [1]), defaultRaw: "[1,"),
        "key 'years': \"[1,\" is not JSON for Array<Int>"
      ),
      (key(ConfigKey<Bool>("flag", default: false), defaultRaw: "yes"), nil),
      (key(ConfigKey<[Int]>(json: "years", default: [1]), defaultRaw: "[1, 2]"), nil),
      (ConfigKey<String>("text", default: "").erased, nil),
    ] as [(AnyConfigKey, String?)])
  func invalidDefault(key: AnyConfigKey, problem: String?) throws {
    let sets = [Self.juniorHigh, ConfigKeySet(module: "RootRouting", keys: [key])]
    guard let problem else {
      #expect(try ConfigKeyCatalog(sets).defaults[key.name] == key.defaultRawValue)
      return
    }
    let error = try #require(throws: InvalidConfigDefaultError.self) { try ConfigKeyCatalog(sets) }
    #expect(error.module == "RootRouting")
    #expect(error.error.key == key.name)
    #expect(
      error.description.hasPrefix("RootRouting declares a default its key cannot read: " + problem))
  }
}
