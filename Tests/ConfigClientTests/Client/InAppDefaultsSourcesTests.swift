@testable import ConfigClient
import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("In-app defaults from every source")
struct InAppDefaultsSourcesTests {
  struct AppDefaults: Encodable, Sendable {
    var isUnderMaintenance = false
    var maximumItems = 20
    var ratio = 0.5
    var title = "Welcome"
    var tabs = ["learn", "review"]
    var launch = TestTime.start
    var optionalNote: String?
  }

  @Test("an Encodable value becomes one flat object of template strings")
  func encodable() throws {
    let defaults = try InAppDefaults(encoding: AppDefaults())
    #expect(
      defaults.values == [
        "isUnderMaintenance": "false", "maximumItems": "20", "ratio": "0.5", "title": "Welcome",
        "tabs": #"["learn","review"]"#, "launch": "2026-01-01T00:00:00Z",
      ])
  }

  @Test("an Encodable value that is not an object is refused")
  func encodableNotObject() {
    #expect(throws: DefaultsError.self) { try InAppDefaults(encoding: [1, 2]) }
  }

  static let maintenance = ConfigKey<Bool>("isUnderMaintenance", default: false)
  static let limit = ConfigKey<Int>("maximumItems", default: 20)
  static let theme = ConfigKey<String>("theme", default: "light")

  @Test("typed keys from every module give the defaults")
  func keySets() throws {
    let sets = [
      ConfigKeySet(module: "RootRouting", keys: [Self.maintenance.erased]),
      ConfigKeySet(module: "ElementaryFeature", keys: [Self.limit.erased, Self.theme.erased]),
    ]
    let expected = ["isUnderMaintenance": "false", "maximumItems": "20", "theme": "light"]
    #expect(try InAppDefaults(keySets: sets).values == expected)
    #expect(InAppDefaults(catalog: try ConfigKeyCatalog(sets)).values == expected)
    // Each default is typed by its key, for what reads types (OpenFeature's details).
    #expect(
      try InAppDefaults(keySets: sets).valueTypes == [
        "isUnderMaintenance": .boolean, "maximumItems": .number, "theme": .string,
      ])
  }

  @Test("a key declared by two modules is an error naming both")
  func duplicateKey() {
    let sets = [
      ConfigKeySet(module: "ElementaryFeature", keys: [Self.theme.erased]),
      ConfigKeySet(
        module: "JuniorHighFeature", keys: [ConfigKey<String>("theme", default: "dark").erased]),
    ]
    #expect(
      throws: DuplicateConfigKeyError(
        key: "theme", firstModule: "ElementaryFeature", secondModule: "JuniorHighFeature")
    ) {
      try InAppDefaults(keySets: sets)
    }
  }

  @Test("the client's setDefaults overloads replace the set; a failing one changes nothing")
  func clientOverloads() async throws {
    let harness = ClientHarness()
    let client = harness.client
    await client.setDefaults(["a": "1"])
    #expect(harness.rawValues == ["a": "1"])
    try await client.setDefaults(InAppDefaults(json: ["b": 2]))
    #expect(harness.rawValues == ["b": "2"])
    try await client.setDefaults(InAppDefaults(encoding: AppDefaults()))
    #expect(client.snapshot[Self.limit] == 20 && client.snapshot["title"].rawValue == "Welcome")
    let sets = [ConfigKeySet(module: "RootRouting", keys: [Self.maintenance.erased])]
    try await client.setDefaults(InAppDefaults(keySets: sets))
    #expect(harness.rawValues == ["isUnderMaintenance": "false"])
    try await client.setDefaults(
      InAppDefaults(
        catalog: ConfigKeyCatalog([ConfigKeySet(module: "X", keys: [Self.theme.erased])])))
    #expect(harness.rawValues == ["theme": "light"])
    await #expect(throws: DuplicateConfigKeyError.self) {
      try await client.setDefaults(InAppDefaults(keySets: sets + sets))
    }
    await #expect(throws: DefaultsError.self) {
      try await client.setDefaults(InAppDefaults(json: [1]))
    }
    #expect(harness.rawValues == ["theme": "light"])
    let directory = try TemporaryDirectory()
    let file = try directory.write("d.json", Array(#"{"z": "26"}"#.utf8))
    try await client.setDefaults(InAppDefaults(contentsOfFile: file))
    #expect(harness.rawValues == ["z": "26"])
  }
}
