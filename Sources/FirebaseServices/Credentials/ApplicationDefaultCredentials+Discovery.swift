public import Core
import Foundation

extension ApplicationDefaultCredentials {
  /// Finds credentials in this process's environment, with the system clock.
  /// - Throws: as `discover(environment:timeSource:)` does.
  public static func discover() async throws(CredentialsError) -> ApplicationDefaultCredentials {
    try await discover(
      environment: ProcessInfo.processInfo.environment, timeSource: SystemTimeSource())
  }

  /// Finds credentials in `environment`, in the order Google's libraries look
  /// (google-auth-library-python `_default.py:706-715`, google-auth-library-nodejs
  /// `googleauth.ts:473-519`), with `GOOGLE_OAUTH_ACCESS_TOKEN` first:
  ///
  /// 1. `GOOGLE_OAUTH_ACCESS_TOKEN`, when set and not empty;
  /// 2. the file `GOOGLE_APPLICATION_CREDENTIALS` names, when set and not empty;
  /// 3. gcloud's file: `$CLOUDSDK_CONFIG/application_default_credentials.json` when
  ///    `CLOUDSDK_CONFIG` is set (as google-auth-library-python honours it; Node's does not),
  ///    else `$HOME/.config/gcloud/application_default_credentials.json`, when it exists;
  /// 4. the metadata server at `GCE_METADATA_HOST` (else `metadata.google.internal`), when
  ///    `GET /` with `Metadata-Flavor: Google` is answered with that header within 1 second
  ///    (one retry when no answer came); `METADATA_SERVER_DETECTION=none` skips it, as it
  ///    does for gcp-metadata.
  ///
  /// A source that is there but broken (a file that is missing, unreadable, not JSON or of
  /// an unsupported type; a token with spaces) is an error, not a reason to look further:
  /// google-auth-library does not fall through either, and credentials other than the ones
  /// meant would be a worse surprise.
  ///
  /// - Parameters:
  ///   - environment: the variables above, and `HOME`, `SWITCHYARD_OAUTH_TOKEN_URL`,
  ///     `GOOGLE_CLOUD_QUOTA_PROJECT`; nothing is read from the process itself.
  ///   - timeSource: the clock for the probe's deadline, token expiry and requests.
  /// - Throws: `.notFound` listing each place tried, why it did not apply and how to give
  ///   credentials; the source's own error when one is broken.
  public static func discover(
    environment: [String: String], timeSource: any TimeSource = SystemTimeSource()
  ) async throws(CredentialsError) -> ApplicationDefaultCredentials {
    var tried: [String] = []

    if let token = try FixedTokenCredentials(environment: environment) {
      return ApplicationDefaultCredentials(source: .accessTokenVariable, credentials: token)
    }
    tried.append("\(FixedTokenCredentials.environmentVariable): not set")

    func load(
      _ path: String, as source: Source, explaining: (String) -> String
    ) throws(CredentialsError) -> ApplicationDefaultCredentials {
      do {
        let credentials = try credentials(
          contentsOfFile: path, environment: environment, timeSource: timeSource)
        return ApplicationDefaultCredentials(source: source, credentials: credentials)
      } catch {
        throw CredentialsError(error.kind, explaining(error.message))
      }
    }

    if let path = environment.nonEmptyValue(credentialsFileVariable) {
      return try load(path, as: .credentialsFileVariable(path: path)) {
        "\(credentialsFileVariable): \($0)"
      }
    }
    tried.append("\(credentialsFileVariable): not set")

    if let path = gcloudFilePath(environment: environment) {
      if FileManager.default.fileExists(atPath: path) {
        return try load(path, as: .gcloudFile(path: path)) {
          "gcloud's credentials file: \($0) (run `gcloud auth application-default login` again "
            + "to rewrite it)"
        }
      }
      tried.append("gcloud's credentials file \(Excerpt.of(path, length: 200)): no such file")
    } else {
      tried.append(
        "gcloud's credentials file: neither \(gcloudConfigVariable) nor HOME is set, so it "
          + "has no known place")
    }

    if environment[MetadataServer.detectionVariable]?.lowercased() == "none" {
      tried.append(
        "the metadata server: not looked for (\(MetadataServer.detectionVariable)=none)")
    } else {
      let server = try MetadataServer(environment: environment, time: timeSource)
      switch await server.detect() {
      case .present:
        return ApplicationDefaultCredentials(
          source: .metadataServer(host: server.host),
          credentials: MetadataServerCredentials(server: server))
      case .absent(let reason):
        tried.append("the metadata server at \(server.place): \(reason)")
      }
    }
    throw notFound(tried: tried)
  }

  /// Where gcloud keeps its credentials file, or nil when neither `CLOUDSDK_CONFIG` nor
  /// `HOME` is set.
  static func gcloudFilePath(environment: [String: String]) -> String? {
    let directory: URL
    if let config = environment.nonEmptyValue(gcloudConfigVariable) {
      directory = URL(fileURLWithPath: config, isDirectory: true)
    } else if let home = environment.nonEmptyValue("HOME") {
      directory = URL(fileURLWithPath: home, isDirectory: true)
        .appendingPathComponent(".config", isDirectory: true)
        .appendingPathComponent("gcloud", isDirectory: true)
    } else {
      return nil
    }
    return directory.appendingPathComponent(gcloudFileName).path
  }

  /// The error when no place had credentials: what was tried, and the three usual fixes.
  static func notFound(tried: [String]) -> CredentialsError {
    CredentialsError(
      .notFound,
      "No Google credentials found. \(CredentialsError.placesTried(tried)) To give credentials, "
        + "do one of: on your own machine, sign in with gcloud (gcloud auth "
        + "application-default login); with a service-account key file, export "
        + "\(credentialsFileVariable)=/path/to/key.json; with an access token you already have, "
        + "export \(FixedTokenCredentials.environmentVariable)="
        + "\"$(gcloud auth print-access-token)\".")
  }
}
