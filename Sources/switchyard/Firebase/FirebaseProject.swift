import ConfigEngine
import Core
import FirebaseServices

/// What the Firebase commands (`pull`, `publish`, `versions`, `rollback`, `fetch
/// --firebase-server`, `watch --firebase-server`) share: credentials found as Google's
/// libraries find them (Application Default Credentials), the project, and the API's base URL.
struct FirebaseProject: Sendable {
  /// The discovered credentials.
  let credentials: any AccessTokenProvider
  let projectID: String
  /// Google's API, or what `FIREBASE_REMOTE_CONFIG_URL_BASE` names.
  let endpoint: FirebaseEndpoint

  /// `--project P`.
  static let projectOption = ToolOption.value(
    "--project", "P",
    "The Firebase project ID (default: the credentials' project, GOOGLE_CLOUD_PROJECT, "
      + "GCLOUD_PROJECT, the metadata server's; with --firebase-app, the number in APP_ID).")
  /// `--server`.
  static let serverOption = ToolOption.flag(
    "--server", "The server template (namespace firebase-server) instead of the client template.")

  /// Finds the credentials and the project for `arguments`' `--project`.
  /// - Throws: `CredentialsError` (what was tried and how to give credentials or a project),
  ///   `FirebaseEndpointError` for an unusable `FIREBASE_REMOTE_CONFIG_URL_BASE`.
  static func open(
    _ arguments: ParsedArguments, environment: NetworkCommandEnvironment
  ) async throws -> FirebaseProject {
    let endpoint = try FirebaseEndpoint(environment: environment.variables)
    let credentials = try await ApplicationDefaultCredentials.discover(
      environment: environment.variables, timeSource: environment.timeSource)
    let projectID = try await ProjectIDResolver.resolve(
      explicit: arguments.value("--project"), credentials: credentials,
      environment: environment.variables)
    return FirebaseProject(credentials: credentials, projectID: projectID, endpoint: endpoint)
  }

  /// The management API for the namespace `--server` chooses.
  func management(
    _ arguments: ParsedArguments, environment: NetworkCommandEnvironment
  ) -> FirebaseManagementClient {
    FirebaseManagementClient(
      projectID: projectID, namespace: arguments.flag("--server") ? .server : .client,
      credentials: credentials, endpoint: endpoint, timeSource: environment.timeSource)
  }

  /// The server template's source, for `fetch` and `watch`.
  func serverTemplateSource(environment: NetworkCommandEnvironment) -> FirebaseServerTemplateSource
  {
    FirebaseServerTemplateSource(
      projectID: projectID, credentials: credentials, endpoint: endpoint,
      timeSource: environment.timeSource)
  }

  /// `{"version": N, "etag": "..."}` for a template Firebase answered with.
  static func versionLine(_ answer: RemoteConfigTemplate) -> String {
    let line: JSONValue = [
      "version": answer.versionNumber.map { .number(JSONNumber($0)) } ?? .null,
      "etag": .string(answer.etag),
    ]
    return line.jsonText
  }
}
