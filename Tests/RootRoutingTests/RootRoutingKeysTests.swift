import Core
import RootRouting
import Testing

@Suite("RootRoutingKeys")
struct RootRoutingKeysTests {
  @Test("the gate keys have the issue's names, types and defaults, in one list")
  func keyList() {
    let keys = RootRoutingKeys.all
    #expect(
      keys.map(\.name) == ["isUnderMaintenance", "maintenanceMessage", "force_alert_information"])
    #expect(keys.map(\.valueType) == [.boolean, .string, .json])
    #expect(
      keys.map(\.defaultRawValue)
        == ["false", RootRoutingKeys.defaultMaintenanceMessage, "{}"])
    #expect(keys.allSatisfy { !$0.description.isEmpty })
    #expect(RootRoutingKeys.module == "RootRouting")
  }

  @Test("a forced-update value decodes from its JSON; {} means no forced update")
  func forcedUpdateDecodes() throws {
    let full = try ForcedUpdate.decode(
      ConfigValue(rawValue: Fixture.forcedUpdate3, source: .remote))
    #expect(
      full
        == ForcedUpdate(
          title: "Please update", message: "Version 3 is out",
          minimumVersion: try Fixture.version("3.0.0"), storeURL: "https://apps.apple.com/app/id1"))

    let minimal = try ForcedUpdate.decode(
      ConfigValue(
        rawValue: #"{"version": "4.1", "url": "itms-apps://apps.apple.com/app/id1", "extra": 1}"#,
        source: .remote))
    #expect(minimal?.title == ForcedUpdate.defaultTitle)
    #expect(minimal?.message == ForcedUpdate.defaultMessage)
    #expect(minimal?.minimumVersion == (try Fixture.version("4.1")))

    #expect(try ForcedUpdate.decode(ConfigValue(rawValue: " {} ", source: .remote)) == nil)
  }

  @Test(
    "a forced-update value that does not decode: no forced update, a diagnostic naming the member",
    arguments: [
      ("not json", "JSON"),
      ("[]", "expected a JSON object"),
      (#"{"url": "https://x"}"#, "missing member 'version'"),
      (#"{"version": 3, "url": "https://x"}"#, "member 'version' must be a string, found a number"),
      (#"{"version": "3.x", "url": "https://x"}"#, #"member 'version': invalid version "3.x""#),
      (#"{"version": "3.0"}"#, "missing member 'url'"),
      (#"{"version": "3.0", "url": "apps.apple.com"}"#, "member 'url' must be an absolute URL"),
      (#"{"version": "3.0", "url": "https://a b"}"#, "member 'url' must be an absolute URL"),
      (#"{"version": "3.0", "url": "https://x", "title": 5}"#, "member 'title' must be a string"),
    ])
  func forcedUpdateRejects(raw: String, detail: String) throws {
    let configuration = Fixture.configuration(["force_alert_information": raw])
    #expect(configuration.forcedUpdate == nil)
    let diagnostic = try #require(configuration.diagnostics.first)
    #expect(diagnostic.kind == .diagnostic)
    #expect(diagnostic.message.hasPrefix("key 'force_alert_information':"))
    #expect(diagnostic.message.contains(detail))
    #expect(diagnostic.message.hasSuffix("; using the default {}; no forced update"))

    // Never a blocked app: even a very old version routes on.
    let route = RoutePlanner.route(
      try Fixture.signedIn(.elementary(1), app: "0.1"), configuration: configuration)
    #expect(route.screen == .feature(.elementary))
    #expect(route.reasons.contains(diagnostic))
  }
}
