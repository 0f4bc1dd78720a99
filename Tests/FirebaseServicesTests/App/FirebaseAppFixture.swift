@testable import ConfigClient
@testable import ConfigEngine
import Core
import FakeGoogle
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport

/// A fake Google serving one Firebase app, the app's options pointed at it, and a manual
/// clock at the fake's time: what the Firebase app suites share. Installation ids come from
/// counted bytes (the n-th id is made of 17 bytes of value n), so every run makes the same.
struct FirebaseAppFixture {
  static let project = "school-app"
  static let projectNumber = "123456789012"
  static let appID = "1:123456789012:ios:0a1b2c3d4e5f"
  static let apiKey = "AIzaSy-fake-key-0123456789abcdefghij"

  let google: FakeGoogle
  let time: ManualTimeSource
  let options: FirebaseAppOptions
  private let counter = LockedState(0)

  /// Runs `body` with a fresh fake serving the app, stopping it however `body` ends.
  static func with(_ body: (FirebaseAppFixture) async throws -> Void) async throws {
    try await FakeGoogle.with { google in
      google.addProject(project)
      try google.addApp(appID, apiKey: apiKey, project: project)
      let options = try FirebaseAppOptions(appID: appID, apiKey: apiKey, packageName: "school.app")
        .withEndpoints(from: Self.variables(google))
      try await body(
        FirebaseAppFixture(
          google: google, time: ManualTimeSource(now: google.now), options: options))
    }
  }

  /// The three URL base variables, all at the fake.
  static func variables(_ google: FakeGoogle) -> [String: String] {
    [
      "FIREBASE_REMOTE_CONFIG_URL_BASE": google.baseURL.absoluteString,
      "SWITCHYARD_FIREBASE_INSTALLATIONS_URL_BASE": google.baseURL.absoluteString,
      "SWITCHYARD_FIREBASE_REALTIME_URL_BASE": google.baseURL.absoluteString,
    ]
  }

  /// The FID the n-th id made by this fixture's installations is (from 1).
  static func fid(_ number: Int) -> String {
    FirebaseInstallationID.make(from: [UInt8](repeating: UInt8(number), count: 17))
  }

  /// New installations of the app, on the fixture's clock, with counted id bytes and the
  /// backoff's jitter `jitter` (none unless given).
  func installations(
    options: FirebaseAppOptions? = nil, jitter: Double = 0
  ) -> FirebaseInstallations {
    let counter = counter
    return FirebaseInstallations(
      options: options ?? self.options, timeSource: time, random: .constant(jitter)
    ) { count in
      let number = counter.withLock { number in
        number += 1
        return number
      }
      return [UInt8](repeating: UInt8(truncatingIfNeeded: number), count: count)
    }
  }

  /// The app over new installations.
  func app() -> FirebaseApp {
    FirebaseApp(installations: installations(), timeSource: time)
  }

  /// A client of `app` on the fixture's clock.
  func client(
    _ app: FirebaseApp, store: any ConfigStore = InMemoryConfigStore(),
    settings: RemoteConfigSettings = RemoteConfigSettings(),
    defaults: InAppDefaults = InAppDefaults(),
    context: EvaluationContext? = nil
  ) -> RemoteConfigClient {
    RemoteConfigClient(
      settings: settings, source: app.remoteConfigSource, store: store, timeSource: time,
      random: .constant(0.5), defaults: defaults, context: context)
  }

  /// Moves the fixture's clock and the fake's together.
  func advance(by seconds: TimeInterval) {
    time.advance(by: .seconds(seconds))
    google.advance(by: seconds)
  }

  /// Every secret the app has: the API key and every token the fake issued.
  var secrets: [String] { [Self.apiKey] + google.installationTokens }

  /// A client template for the fake: a greeting for grade 2 elementary users, a limit, and a
  /// key Firebase leaves to the app's default.
  static let template = """
    {"conditions": [{"name": "grade2", "expression":
       "app.customSignal['stage'].exactlyMatches(['elementary']) && app.customSignal['year'] == 2"}],
     "parameters": {
       "welcome": {"defaultValue": {"value": "hi"}, "conditionalValues": {"grade2": {"value": "hello grade 2"}}},
       "limit": {"defaultValue": {"value": "3"}},
       "legacy": {"defaultValue": {"useInAppDefault": true}}}}
    """
}
