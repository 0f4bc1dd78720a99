import Core
import Foundation

/// Which Google Cloud (Firebase) project requests are for, found in this order:
/// 1. the project given explicitly (the tool's `--project`);
/// 2. the credentials' own project: a service-account key file's `project_id`;
/// 3. `GOOGLE_CLOUD_PROJECT`, then 4. `GCLOUD_PROJECT`;
/// 5. the metadata server's project, when the credentials are the metadata server's.
///
/// google-auth-library-nodejs reads the variables before the key file and asks the metadata
/// server whatever the credentials; Switchyard puts the key file first (the order:
/// the key names the project it belongs to) and asks the metadata server only for its own
/// credentials, so a key file used on a Compute Engine machine never lends the machine's
/// project to another project's key.
///
/// Project IDs go into URL paths, so one with characters a project ID never has (`/`, `?`,
/// spaces, ...) is refused, naming where it came from.
public enum ProjectIDResolver {
  /// The environment variables read, in order.
  public static let environmentVariables = ["GOOGLE_CLOUD_PROJECT", "GCLOUD_PROJECT"]

  /// The project for `credentials`.
  /// - Parameters:
  ///   - explicit: a project given by the user; nil or empty when none.
  ///   - environment: where `GOOGLE_CLOUD_PROJECT` and `GCLOUD_PROJECT` are read.
  /// - Throws: `.noProject` listing each place tried and why it had none; `.invalidValue`
  ///   for a project ID that cannot be one.
  public static func resolve(
    explicit: String?, credentials: any AccessTokenProvider, environment: [String: String]
  ) async throws(CredentialsError) -> String {
    var tried: [String] = []
    if let explicit = explicit?.trimmingCharacters(in: .whitespaces), !explicit.isEmpty {
      return try validated(explicit, from: "the project given")
    }
    tried.append("a project given explicitly: none")

    let metadata = metadataCredentials(in: credentials)
    if metadata == nil {
      if let project = await credentials.projectID() {
        return try validated(project, from: "the credentials' project_id")
      }
      tried.append("the credentials' project (\(credentials)): none")
    } else {
      tried.append("the credentials' project: the metadata server's, asked last")
    }

    for variable in environmentVariables {
      if let project = environment.nonEmptyValue(variable) {
        return try validated(project, from: variable)
      }
      tried.append("\(variable): not set")
    }

    if let metadata {
      do {
        return try validated(
          try await metadata.requireProjectID(), from: "the metadata server's project")
      } catch {
        tried.append("the metadata server: \(error.message)")
      }
    } else {
      tried.append("the metadata server: not asked (the credentials are not the metadata server's)")
    }

    throw CredentialsError(
      .noProject,
      "No project ID found. \(CredentialsError.placesTried(tried)) Name the project explicitly "
        + "(switchyard's --project) or export GOOGLE_CLOUD_PROJECT=your-project-id.")
  }

  /// The project for `credentials`, reading this process's environment.
  /// - Throws: as `resolve(explicit:credentials:environment:)` does.
  public static func resolve(
    explicit: String?, credentials: any AccessTokenProvider
  ) async throws(CredentialsError) -> String {
    try await resolve(
      explicit: explicit, credentials: credentials,
      environment: ProcessInfo.processInfo.environment)
  }

  /// The metadata-server credentials inside `credentials`, if that is what they are.
  static func metadataCredentials(
    in credentials: any AccessTokenProvider
  ) -> MetadataServerCredentials? {
    if let metadata = credentials as? MetadataServerCredentials { return metadata }
    if let discovered = credentials as? ApplicationDefaultCredentials {
      return metadataCredentials(in: discovered.credentials)
    }
    return nil
  }

  /// `project` when it looks like a project ID: letters, digits, `-`, `.`, `:` (for
  /// domain-scoped projects such as `example.com:project`) and `_`.
  private static func validated(
    _ project: String, from source: String
  ) throws(CredentialsError) -> String {
    let project = project.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !project.isEmpty, project.utf8.count <= 100, project.utf8.allSatisfy(isProjectIDByte)
    else {
      throw CredentialsError(
        .invalidValue,
        "\(source) is \(Excerpt.quoted(project)), which is not a project ID (letters, digits, "
          + "'-', '.', ':' and '_')")
    }
    return project
  }

  private static func isProjectIDByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: ":"), UInt8(ascii: "_"):
      true
    default:
      false
    }
  }
}
