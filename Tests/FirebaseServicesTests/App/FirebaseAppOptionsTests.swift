import FirebaseServices
import Foundation
import Testing

@Suite("FirebaseAppOptions")
struct FirebaseAppOptionsTests {
  static let key = "AIzaSyOptionsKey0123456789"

  @Test(
    "the project number and platform come from the app id; the project defaults to the number",
    arguments: [
      ("1:1234567890:ios:abc123", "1234567890", FirebaseAppOptions.Platform.ios),
      ("1:987:android:0f", "987", .android),
      ("2:42:web:deadbeef", "42", .web),
    ])
  func appID(appID: String, number: String, platform: FirebaseAppOptions.Platform) throws {
    let options = try FirebaseAppOptions(appID: appID, apiKey: Self.key)
    #expect(options.projectNumber == number)
    #expect(options.projectID == number)
    #expect(options.platform == platform)
    let named = try FirebaseAppOptions(appID: appID, apiKey: Self.key, projectID: "my-app-1a2b3")
    #expect(named.projectID == "my-app-1a2b3")
    #expect(named.projectNumber == number)
  }

  @Test(
    "an app id that is not 1:<number>:<ios|android|web>:<hex> is refused, naming it",
    arguments: [
      "", "1234567890", "1:abc:ios:abc", "1:123:macos:abc", "1:123:ios:xyz", "1:123:ios:",
      ":123:ios:abc", "1:123:ios:abc:extra", "1:123:IOS:abc", "1:123:ios:ABC",
    ])
  func invalidAppID(appID: String) {
    #expect {
      _ = try FirebaseAppOptions(appID: appID, apiKey: Self.key)
    } throws: { error in
      let message = (error as? FirebaseAppOptionsError)?.message ?? ""
      return message.contains("is not a Firebase app id") && message.contains("'\(appID)'")
    }
  }

  @Test(
    "an API key that is empty or holds what no key holds is refused without showing it",
    arguments: ["", "AIza key", "AIza\nkey", "AIzaキー"])
  func invalidKey(key: String) {
    #expect {
      _ = try FirebaseAppOptions(appID: "1:1:ios:a", apiKey: key)
    } throws: { error in
      let message = "\(error)"
      return message.contains("API key") && (key.isEmpty || !message.contains(key))
    }
  }

  @Test("the description, debug description and dump never show the API key")
  func redacted() throws {
    let options = try FirebaseAppOptions(appID: "1:1234567890:ios:abc123", apiKey: Self.key)
    var dumped = ""
    dump(options, to: &dumped)
    for text in ["\(options)", String(reflecting: options), dumped] {
      #expect(!text.contains(Self.key))
      #expect(text.contains("1:1234567890:ios:abc123"))
    }
  }

  @Test("each service's endpoint is its variable's base, or Google's when unset or empty")
  func endpoints() throws {
    let options = try FirebaseAppOptions(appID: "1:1:ios:a", apiKey: Self.key)
    #expect(options.remoteConfigEndpoint.base == "https://firebaseremoteconfig.googleapis.com")
    #expect(options.installationsEndpoint.base == "https://firebaseinstallations.googleapis.com")
    #expect(options.realtimeEndpoint.base == "https://firebaseremoteconfigrealtime.googleapis.com")
    let moved = try options.withEndpoints(from: [
      "FIREBASE_REMOTE_CONFIG_URL_BASE": "http://127.0.0.1:1/rc/",
      "SWITCHYARD_FIREBASE_INSTALLATIONS_URL_BASE": "http://127.0.0.1:2",
      "SWITCHYARD_FIREBASE_REALTIME_URL_BASE": "",
    ])
    #expect(moved.remoteConfigEndpoint.base == "http://127.0.0.1:1/rc")
    #expect(moved.installationsEndpoint.base == "http://127.0.0.1:2")
    #expect(moved.realtimeEndpoint == .googleRealtime)
    #expect {
      _ = try options.withEndpoints(from: ["SWITCHYARD_FIREBASE_REALTIME_URL_BASE": "ftp://x"])
    } throws: { error in
      "\(error)".hasPrefix("SWITCHYARD_FIREBASE_REALTIME_URL_BASE 'ftp://x' is not an http")
    }
  }
}
