import Core
import FakeGoogle
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("ApplicationDefaultCredentials")
struct ApplicationDefaultCredentialsTests {
  /// A place discovery looks at, as a test puts credentials there.
  enum Place: String, Sendable, CustomTestStringConvertible {
    case tokenVariable, credentialsFileVariable, cloudSDKConfig, home, metadataServer
    /// `CLOUDSDK_CONFIG` set to a directory without the file.
    case emptyCloudSDKConfig

    var testDescription: String { rawValue }
  }

  /// A fake Google, a metadata server and a home directory, with credentials put in
  /// `places`: a service-account key for `GOOGLE_APPLICATION_CREDENTIALS`, gcloud user files
  /// in `CLOUDSDK_CONFIG` and `~/.config/gcloud`, the metadata server at `GCE_METADATA_HOST`
  /// (an address where nothing listens when it is not in `places`).
  struct World {
    let google: FakeGoogle
    let metadata: FakeMetadataServer
    let directory: TemporaryDirectory
    let closedPort: ClosedLoopbackPort
    var environment: [String: String]
    var paths: [Place: String] = [:]

    init(_ places: [Place]) throws {
      google = try FakeGoogle()
      metadata = try google.startMetadataServer(projectID: "metadata-project")
      directory = try TemporaryDirectory()
      closedPort = try ClosedLoopbackPort()
      let home = directory.path("home")
      try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
      environment = [
        "HOME": home, "GCE_METADATA_HOST": "127.0.0.1:\(closedPort.port)",
        "SWITCHYARD_OAUTH_TOKEN_URL": google.tokenURL.absoluteString,
      ]
      for place in places {
        switch place {
        case .tokenVariable:
          environment["GOOGLE_OAUTH_ACCESS_TOKEN"] = "ya29.from-the-variable"
        case .credentialsFileVariable:
          let path = try google.writeKeyFile(try FakeServiceAccount.fixture(), in: directory)
          environment["GOOGLE_APPLICATION_CREDENTIALS"] = path
          paths[place] = path
        case .cloudSDKConfig, .home, .emptyCloudSDKConfig:
          let folder =
            place == .home ? "home/.config/gcloud" : place == .cloudSDKConfig ? "sdk" : "empty-sdk"
          try FileManager.default.createDirectory(
            atPath: directory.path(folder), withIntermediateDirectories: true)
          if place != .home { environment["CLOUDSDK_CONFIG"] = directory.path(folder) }
          if place != .emptyCloudSDKConfig {
            let user = FakeAuthorizedUser(refreshToken: "1//refresh-\(place.rawValue)")
            google.register(user)
            paths[place] = try directory.write(
              "\(folder)/application_default_credentials.json", user.keyFileJSON)
          }
        case .metadataServer:
          environment["GCE_METADATA_HOST"] = metadata.host
        }
      }
    }

    /// Discovery in `environment`, on a manual clock.
    func discover() async throws(CredentialsError) -> ApplicationDefaultCredentials {
      try await ApplicationDefaultCredentials.discover(
        environment: environment, timeSource: ManualTimeSource(now: TestTime.start))
    }
  }

  @Test(
    "discovery takes the first place that has credentials, in Google's order",
    arguments: [
      (
        [.tokenVariable, .credentialsFileVariable, .cloudSDKConfig, .home, .metadataServer],
        .tokenVariable
      ),
      (
        [.credentialsFileVariable, .cloudSDKConfig, .home, .metadataServer],
        .credentialsFileVariable
      ),
      ([.cloudSDKConfig, .home, .metadataServer], .cloudSDKConfig),
      ([.home, .metadataServer], .home),
      ([.metadataServer], .metadataServer),
      // CLOUDSDK_CONFIG replaces ~/.config/gcloud, as google-auth-library-python reads it.
      ([.emptyCloudSDKConfig, .home, .metadataServer], .metadataServer),
    ] as [([Place], Place)])
  func order(places: [Place], expected: Place) async throws {
    let world = try World(places)
    defer { world.google.stop() }
    let credentials = try await world.discover()
    let token = try await credentials.accessToken()
    switch expected {
    case .tokenVariable:
      #expect(credentials.source == .accessTokenVariable)
      #expect(credentials.credentials is FixedTokenCredentials)
      #expect(token.value == "ya29.from-the-variable")
    case .credentialsFileVariable:
      #expect(
        credentials.source == .credentialsFileVariable(path: try #require(world.paths[expected])))
      #expect(credentials.credentials is ServiceAccountCredentials)
      #expect(await credentials.projectID() == "switchyard-fixtures")
    case .cloudSDKConfig, .home:
      #expect(credentials.source == .gcloudFile(path: try #require(world.paths[expected])))
      let user = try #require(credentials.credentials as? AuthorizedUserCredentials)
      #expect(user.path == world.paths[expected])
      let request = try #require(world.google.requests(to: .token).last)
      #expect(
        CredentialsFixtures.formFields(request.bodyText)["refresh_token"]
          == "1//refresh-\(expected.rawValue)")
    case .metadataServer, .emptyCloudSDKConfig:
      #expect(credentials.source == .metadataServer(host: world.metadata.host))
      #expect(credentials.credentials is MetadataServerCredentials)
      #expect(await credentials.projectID() == "metadata-project")
    }
    if expected != .tokenVariable {
      #expect(token.value == world.google.issuedAccessTokens.last)
    }
    // Nothing after the place found was looked at.
    if expected != .metadataServer {
      #expect(world.metadata.requests(to: .probe).isEmpty)
    }
  }

  @Test("nothing found: one line listing each place tried, why it did not apply, and the fixes")
  func nothingFound() async throws {
    let world = try World([])
    defer { world.google.stop() }
    let error = await #expect(throws: CredentialsError.self) { try await world.discover() }
    #expect(error?.kind == .notFound)
    let home = try #require(world.environment["HOME"])
    let port = world.closedPort.port
    #expect(
      error?.message
        == "No Google credentials found. Looked, in order, at: 1. GOOGLE_OAUTH_ACCESS_TOKEN: not "
        + "set; 2. GOOGLE_APPLICATION_CREDENTIALS: not set; 3. gcloud's credentials file "
        + "\(home)/.config/gcloud/application_default_credentials.json: no such file; 4. the "
        + "metadata server at http://127.0.0.1:\(port): cannot connect to "
        + "http://127.0.0.1:\(port): connection refused. To give credentials, do one of: on your "
        + "own machine, sign in with gcloud (gcloud auth application-default login); with a "
        + "service-account key file, export GOOGLE_APPLICATION_CREDENTIALS=/path/to/key.json; "
        + "with an access token you already have, export "
        + "GOOGLE_OAUTH_ACCESS_TOKEN=\"$(gcloud auth print-access-token)\".")
  }

  @Test("without HOME or CLOUDSDK_CONFIG, gcloud's file has no place, and the error says so")
  func noHome() async throws {
    var world = try World([])
    defer { world.google.stop() }
    world.environment["HOME"] = nil
    world.environment["METADATA_SERVER_DETECTION"] = "none"
    let error = await #expect(throws: CredentialsError.self) {
      try await world.discover()
    }
    #expect(
      error?.message.contains(
        "3. gcloud's credentials file: neither CLOUDSDK_CONFIG nor HOME is set, so it has no "
          + "known place") == true)
    #expect(
      error?.message.contains(
        "4. the metadata server: not looked for (METADATA_SERVER_DETECTION=none)") == true)
  }

  @Test("METADATA_SERVER_DETECTION=none skips the metadata server, even one that is there")
  func detectionNone() async throws {
    var world = try World([.metadataServer])
    defer { world.google.stop() }
    world.environment["METADATA_SERVER_DETECTION"] = "none"
    await #expect(throws: CredentialsError.self) {
      try await world.discover()
    }
    #expect(world.metadata.server.requests.isEmpty)
  }

  @Test("an impostor at the metadata address is not taken for credentials")
  func impostorMetadata() async throws {
    let world = try World([.metadataServer])
    defer { world.google.stop() }
    world.metadata.isImpostor = true
    let error = await #expect(throws: CredentialsError.self) { try await world.discover() }
    #expect(error?.kind == .notFound)
    #expect(
      error?.message.contains(
        "4. the metadata server at http://\(world.metadata.host): http://\(world.metadata.host)/ "
          + "answered HTTP 200 without Metadata-Flavor: Google, so it is not a metadata server")
        == true)
  }

  @Test(
    "a broken file is an error, not a reason to look further",
    arguments: [
      ("GOOGLE_APPLICATION_CREDENTIALS", "missing.json", nil, "cannot be read (no such file)"),
      ("GOOGLE_APPLICATION_CREDENTIALS", "key.json", "{", "is not JSON"),
      (
        "GOOGLE_APPLICATION_CREDENTIALS", "key.json", #"{"type":"service_account"}"#,
        "client_email: missing"
      ),
      (
        "GOOGLE_APPLICATION_CREDENTIALS", "key.json", #"{"type":"authorized_user"}"#,
        "client_id: missing"
      ),
      (
        "GOOGLE_APPLICATION_CREDENTIALS", "key.json", #"{"type":"api_key"}"#,
        "type: 'api_key' is not a kind of Google credentials"
      ),
      ("GOOGLE_APPLICATION_CREDENTIALS", "key.json", #"{"client_id":"x"}"#, "type: missing"),
      ("CLOUDSDK_CONFIG", "application_default_credentials.json", "[]", "is not a JSON object"),
      (
        "CLOUDSDK_CONFIG", "application_default_credentials.json",
        #"{"type":"authorized_user","client_id":"x","client_secret":"y"}"#, "refresh_token: missing"
      ),
    ] as [(String, String, String?, String)])
  func brokenFiles(variable: String, name: String, content: String?, problem: String) async throws {
    var world = try World([.metadataServer])
    defer { world.google.stop() }
    if let content { try world.directory.write(name, content) }
    let path = world.directory.path(name)
    world.environment[variable] = variable == "CLOUDSDK_CONFIG" ? world.directory.url.path : path
    let error = await #expect(throws: CredentialsError.self) {
      try await world.discover()
    }
    #expect(error?.kind == .invalidFile)
    let prefix =
      variable == "CLOUDSDK_CONFIG"
      ? "gcloud's credentials file: credentials file \(path): "
      : "GOOGLE_APPLICATION_CREDENTIALS: credentials file \(path): "
    #expect(error?.message.hasPrefix(prefix + problem) == true)
    if variable == "CLOUDSDK_CONFIG" {
      #expect(
        error?.message.hasSuffix(
          "(run `gcloud auth application-default login` again to rewrite it)") == true)
    }
    #expect(world.metadata.requests(to: .probe).isEmpty)
  }

  @Test(
    "another kind of Google credentials is not supported yet, naming the type and the file",
    arguments: [
      "impersonated_service_account", "external_account", "external_account_authorized_user",
      "gdch_service_account",
    ])
  func unsupportedTypes(type: String) async throws {
    var world = try World([])
    defer { world.google.stop() }
    let path = try world.directory.write("other.json", #"{"type":"\#(type)"}"#)
    world.environment["GOOGLE_APPLICATION_CREDENTIALS"] = path
    let error = await #expect(throws: CredentialsError.self) {
      try await world.discover()
    }
    #expect(error?.kind == .unsupported)
    #expect(
      error?.message
        == "GOOGLE_APPLICATION_CREDENTIALS: credentials file \(path) holds credentials of type "
        + "'\(type)', which Switchyard does not support yet: use a service-account key file "
        + "(type 'service_account') or gcloud's login (`gcloud auth application-default login`, "
        + "type 'authorized_user')")
  }

  @Test("a GOOGLE_OAUTH_ACCESS_TOKEN that cannot be a token is an error, not skipped")
  func brokenTokenVariable() async throws {
    var world = try World([.credentialsFileVariable])
    defer { world.google.stop() }
    world.environment["GOOGLE_OAUTH_ACCESS_TOKEN"] = "ya29.SECRET\n"
    let error = await #expect(throws: CredentialsError.self) {
      try await world.discover()
    }
    #expect(error?.kind == .invalidValue)
    #expect(error?.message.contains("SECRET") == false)
  }

  @Test("empty variables count as unset")
  func emptyVariables() async throws {
    var world = try World([.home])
    defer { world.google.stop() }
    world.environment["GOOGLE_OAUTH_ACCESS_TOKEN"] = ""
    world.environment["GOOGLE_APPLICATION_CREDENTIALS"] = ""
    world.environment["CLOUDSDK_CONFIG"] = ""
    let credentials = try await world.discover()
    #expect(credentials.source == .gcloudFile(path: try #require(world.paths[.home])))
  }

  @Test("an invalid GCE_METADATA_HOST is an error naming the variable")
  func invalidMetadataHost() async throws {
    var world = try World([])
    defer { world.google.stop() }
    world.environment["GCE_METADATA_HOST"] = "http://x/y"
    let error = await #expect(throws: CredentialsError.self) {
      try await world.discover()
    }
    #expect(error?.kind == .invalidValue)
    #expect(error?.message.hasPrefix("GCE_METADATA_HOST: ") == true)
  }

  @Test("a service account's JWT goes to its key file's token_uri, not SWITCHYARD_OAUTH_TOKEN_URL")
  func serviceAccountIgnoresTokenURLVariable() async throws {
    var world = try World([.credentialsFileVariable])
    defer { world.google.stop() }
    // Nothing listens there: a request to it would fail.
    world.environment["SWITCHYARD_OAUTH_TOKEN_URL"] =
      "http://127.0.0.1:\(world.closedPort.port)/token"
    let credentials = try await world.discover()
    #expect(credentials.credentials is ServiceAccountCredentials)
    let token = try await credentials.accessToken()
    #expect(token.value == world.google.issuedAccessTokens.last)
    let request = try #require(world.google.requests(to: .token).last)
    #expect(
      CredentialsFixtures.formFields(request.bodyText)["grant_type"]
        == "urn:ietf:params:oauth:grant-type:jwt-bearer")
  }

  @Test("a user file's quota project, or GOOGLE_CLOUD_QUOTA_PROJECT, is the quota project")
  func quotaProject() async throws {
    var world = try World([])
    defer { world.google.stop() }
    world.environment["GOOGLE_APPLICATION_CREDENTIALS"] = try world.google.writeKeyFile(
      FakeAuthorizedUser(quotaProjectID: "billing-project"), in: world.directory)
    let credentials = try await world.discover()
    #expect(credentials.quotaProjectID == "billing-project")
    world.environment["GOOGLE_CLOUD_QUOTA_PROJECT"] = "override"
    let overridden = try await world.discover()
    #expect(overridden.quotaProjectID == "override")
  }
}
