import ConfigClient
import Core
import FakeGoogle
import Foundation
import SwitchyardTestSupport
@testable import switchyard

/// A fake Google with one project and a service account whose key file is on disk, and the
/// tool's Firebase commands pointed at it: credentials from `GOOGLE_APPLICATION_CREDENTIALS`,
/// the API from `FIREBASE_REMOTE_CONFIG_URL_BASE`, the metadata server never probed, time on
/// a manual clock at the fake's time.
struct FirebaseCommandHarness {
  /// The project the key file names.
  static let project = "switchyard-fixtures"

  let google: FakeGoogle
  let directory: TemporaryDirectory
  let time: ManualTimeSource
  let environment: NetworkCommandEnvironment
  let account: FakeServiceAccount

  /// Runs `body` with a fresh fake and harness, stopping the fake however `body` ends.
  static func with(_ body: (FirebaseCommandHarness) async throws -> Void) async throws {
    try await FakeGoogle.with { google in
      google.addProject(project)
      let directory = try TemporaryDirectory()
      let account = try FakeServiceAccount.fixture()
      let keyFile = try google.writeKeyFile(account, in: directory)
      let time = ManualTimeSource(now: google.now)
      let environment = NetworkCommandEnvironment(
        timeSource: time, random: .constant(0),
        variables: [
          "GOOGLE_APPLICATION_CREDENTIALS": keyFile,
          "FIREBASE_REMOTE_CONFIG_URL_BASE": google.baseURL.absoluteString,
          "METADATA_SERVER_DETECTION": "none",
          "HOME": directory.url.path,
        ])
      try await body(
        FirebaseCommandHarness(
          google: google, directory: directory, time: time, environment: environment,
          account: account))
    }
  }

  /// The Firebase commands and `fetch`/`watch`, all on this harness's environment.
  var commands: [ToolCommand] {
    [
      .makePull(environment: environment), .makePublish(environment: environment),
      .makeVersions(environment: environment), .makeRollback(environment: environment),
      .makeFetch(environment: environment), .makeWatch(environment: environment),
    ]
  }

  /// Runs the tool with `arguments` through its entry point, on this harness.
  func run(_ arguments: [String]) async -> (status: ExitStatus, capture: CapturedToolIO) {
    await CapturedToolIO.run(arguments, replacing: commands)
  }

  /// A path in the harness's directory.
  func path(_ name: String) -> String {
    directory.url.appendingPathComponent(name).path
  }

  /// Every secret the run could leak: the tokens the fake issued and the key's PEM body.
  var secrets: [String] {
    let keyLines = account.privateKeyPEM.split(separator: "\n").filter { !$0.hasPrefix("-----") }
    return google.issuedAccessTokens + keyLines.prefix(3).map(String.init)
  }
}
