import Core
import Testing

@Suite("Option lists")
struct ConfigKeyOptionsTests {
  enum Tab: String, CaseIterable, Equatable {
    case home, lessons, profile
  }

  static let tabs = ConfigKey<[String]>(optionList: "tabs", default: ["home", "profile"])

  @Test("the default exports as a JSON array of names and reads back")
  func exportedDefault() throws {
    #expect(Self.tabs.defaultRawValue == #"["home","profile"]"#)
    #expect(Self.tabs.valueType == .json)
    try Self.tabs.erased.validate(
      ConfigValue(key: "tabs", rawValue: Self.tabs.defaultRawValue, source: .default))
  }

  @Test(
    "known names keep their remote order; unknown and repeated names are dropped with a diagnostic",
    arguments: [
      (#"["profile", "home"]"#, [Tab.profile, .home], [String]()),
      (
        #"["lessons", "arcade", "home"]"#, [.lessons, .home],
        [#"key 'tabs': unknown tab "arcade" dropped (known: home, lessons, profile)"#]
      ),
      (
        #"["home", "home"]"#, [.home],
        [#"key 'tabs': tab "home" is listed twice; keeping the first"#]
      ),
      (
        #"["arcade"]"#, [.home, .profile],
        [
          #"key 'tabs': unknown tab "arcade" dropped (known: home, lessons, profile)"#,
          #"key 'tabs': no known tab to show; using the default ["home","profile"]"#,
        ]
      ),
      (
        "[]", [.home, .profile],
        [#"key 'tabs': no known tab to show; using the default ["home","profile"]"#]
      ),
    ])
  func reads(raw: String, expected: [Tab], diagnostics: [String]) {
    let read = InMemoryConfigValues(["tabs": raw]).options(Self.tabs, as: Tab.self, noun: "tab")
    #expect(read.value == expected)
    #expect(read.reasons == diagnostics.map { .diagnostic($0) })
  }

  @Test(
    "a value that is not a JSON array of strings reads as the default with the key's diagnostic",
    arguments: [
      (#"{"a": 1}"#, "found an object"),
      (#"["home", 3]"#, "element [1] must be a string, found a number"),
      ("home", "invalid JSON: line 1, column 1: expected a JSON value, found 'h'"),
    ])
  func malformed(raw: String, detail: String) {
    let read = InMemoryConfigValues(["tabs": raw]).options(Self.tabs, as: Tab.self, noun: "tab")
    #expect(read.value == [.home, .profile])
    #expect(read.reasons.first?.message.contains(detail) == true)
    #expect(read.reasons.first?.message.hasPrefix(#"key 'tabs': ""#) == true)
  }
}
