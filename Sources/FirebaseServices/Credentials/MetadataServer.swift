import Core
import Foundation
import HTTPTransport

/// The metadata server of Google's compute platforms (Compute Engine, Cloud Run, Cloud
/// Functions, GKE): plain HTTP at `metadata.google.internal`, or at `GCE_METADATA_HOST`
/// (`host[:port]`, as google-auth and gcp-metadata read it), answering only requests with
/// `Metadata-Flavor: Google` and marking its own answers with the same header.
///
/// Every answer must carry that header, as gcp-metadata requires (`index.ts:177-182`): a
/// captive portal, a proxy or any other server that answers on the name is not believed.
struct MetadataServer: Sendable {
  /// The environment variable naming the server's `host[:port]`.
  static let hostVariable = "GCE_METADATA_HOST"
  /// Set to `none`, discovery does not look for the server (gcp-metadata's variable and
  /// value, `index.ts:325-349`).
  static let detectionVariable = "METADATA_SERVER_DETECTION"
  /// The server's name on Google's platforms.
  static let defaultHost = "metadata.google.internal"
  /// How long one detection attempt waits. A metadata server answers in milliseconds;
  /// elsewhere nothing answers, and discovery should not hang on it.
  static let probeTimeout: Duration = .seconds(1)
  /// Detection attempts: the first, and one retry when no answer came, as gcp-metadata
  /// retries a ping that got no response.
  static let probeAttempts = 2
  /// How long a token or project request may take.
  static let requestTimeout: Duration = .seconds(30)
  /// The largest answer read.
  static let maximumResponseBytes = 64 * 1024
  /// The token path; the scope asked for is `cloud-platform`, as for service accounts.
  static let tokenPath =
    "/computeMetadata/v1/instance/service-accounts/default/token?scopes="
    + FormURLEncoding.encode(ServiceAccountJWT.cloudPlatformScope)
  /// The path that answers with the project's ID as plain text.
  static let projectPath = "/computeMetadata/v1/project/project-id"

  /// What detection found.
  enum Detection: Sendable, Equatable {
    /// The server answered as a metadata server.
    case present
    /// No metadata server there, and why in words (for the list of places tried).
    case absent(String)
  }

  /// `host[:port]`.
  let host: String
  /// The clock for deadlines and token expiry.
  let time: any TimeSource

  /// The server at `host` (`host[:port]`, an IPv6 address in brackets; an `http://` prefix
  /// is accepted, as gcp-metadata accepts it).
  /// - Throws: `.invalidValue` when `host` is not `host[:port]`.
  init(host: String, time: any TimeSource) throws(CredentialsError) {
    guard let validated = Self.validated(host) else {
      throw CredentialsError(
        .invalidValue,
        "the metadata server host \(Excerpt.quoted(host, length: 200)) is not host[:port] "
          + "(e.g. metadata.google.internal or 127.0.0.1:8080)")
    }
    self.host = validated
    self.time = time
  }

  /// The server `GCE_METADATA_HOST` names, else `metadata.google.internal`.
  /// - Throws: `.invalidValue` naming the variable when it is not `host[:port]`.
  init(environment: [String: String], time: any TimeSource) throws(CredentialsError) {
    let host = environment.nonEmptyValue(Self.hostVariable) ?? Self.defaultHost
    do {
      try self.init(host: host, time: time)
    } catch {
      throw CredentialsError(.invalidValue, "\(Self.hostVariable): \(error.message)")
    }
  }

  /// `http://host[:port]`, for messages.
  var place: String { "http://\(host)" }

  /// Asks `GET http://HOST/` with `Metadata-Flavor: Google`, waiting `probeTimeout` per
  /// attempt: present only when the answer is HTTP 200 and carries `Metadata-Flavor: Google`,
  /// as google-auth requires (`_metadata.py:97-159`). A second attempt follows only when no
  /// answer came; any answer is final.
  func detect() async -> Detection {
    var reason = ""
    for _ in 0..<Self.probeAttempts {
      let response: HTTPResponse
      do {
        response = try await get("/", timeout: Self.probeTimeout)
      } catch {
        reason =
          error == .timeout
          ? "no answer from \(place)/ within \(Self.probeTimeout.timeInterval) s" : "\(error)"
        if error == .cancelled { break }
        continue
      }
      let isMarked = isFromMetadataServer(response)
      guard isMarked, response.status == 200 else {
        let answer =
          isMarked
          ? "HTTP \(response.status), not 200,"
          : "HTTP \(response.status) without Metadata-Flavor: Google,"
        return .absent("\(place)/ answered \(answer) so it is not a metadata server")
      }
      return .present
    }
    return .absent(reason)
  }

  /// A token for the instance's default service account.
  /// - Throws: `.unreachable` for no answer or a 5xx; `.refused` for any other status, an
  ///   answer without `Metadata-Flavor: Google`, or a body without a usable token.
  func token() async throws(CredentialsError) -> AccessToken {
    let requestedAt = time.now
    let response = try await answer(Self.tokenPath, for: "an access token")
    switch TokenResponse.parse(response.body, requestedAt: requestedAt) {
    case .success(let token):
      return token
    case .failure(let problem):
      throw CredentialsError(
        .refused, "the metadata server at \(place) answered \(problem), not an access token")
    }
  }

  /// The project the instance runs in.
  /// - Throws: as `token()` does; `.refused` for an empty or unprintable project ID.
  func projectID() async throws(CredentialsError) -> String {
    let response = try await answer(Self.projectPath, for: "the project ID")
    let text = String(decoding: response.body, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty, text.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) })
    else {
      throw CredentialsError(
        .refused, "the metadata server at \(place) answered an empty or unprintable project ID")
    }
    return text
  }

  /// The 200 answer to `path`, from a real metadata server.
  private func answer(_ path: String, for what: String) async throws(CredentialsError)
    -> HTTPResponse
  {
    let server = "the metadata server at \(place)"
    let response: HTTPResponse
    do {
      response = try await get(path, timeout: Self.requestTimeout)
    } catch {
      throw CredentialsError(error, asking: server, for: what)
    }
    guard isFromMetadataServer(response) else {
      throw CredentialsError(
        .refused,
        "\(server) answered the request for \(what) without Metadata-Flavor: Google, so the "
          + "answer is not from a metadata server")
    }
    switch response.status {
    case 200:
      return response
    case 500...:
      throw CredentialsError(
        .unreachable, "\(server) answered HTTP \(response.status) to the request for \(what)")
    case 404 where path == Self.tokenPath:
      throw CredentialsError(
        .refused,
        "\(server) has no default service account (HTTP 404): attach a service account to "
          + "the instance or service, or use a key file (GOOGLE_APPLICATION_CREDENTIALS)")
    default:
      throw CredentialsError(
        .refused, "\(server) refused the request for \(what) with HTTP \(response.status)")
    }
  }

  private func get(_ path: String, timeout: Duration) async throws(HTTPError)
    -> HTTPResponse
  {
    // The host was validated, so the URL parses; the fallback only keeps this total.
    let url = URL(string: "http://\(host)\(path)") ?? URL(fileURLWithPath: "/")
    // The metadata server is the one plain-HTTP host besides loopback allowed secrets (none
    // is sent to it today: it hands tokens out).
    let request = HTTPRequest(url: url, headers: [(name: "Metadata-Flavor", value: "Google")])
    return try await HTTPClient(time: time, plainHTTPSecretHosts: [host]).send(
      request, timeout: timeout, maximumBodyBytes: Self.maximumResponseBytes)
  }

  private func isFromMetadataServer(_ response: HTTPResponse) -> Bool {
    response.header("Metadata-Flavor")?.trimmingCharacters(in: .whitespaces) == "Google"
  }

  /// `text` as `host[:port]` (an `http://` prefix and a trailing slash dropped), or nil
  /// when it is not one: the host by the rule every URL's host is checked by (`HTTPHost`), the
  /// port 1 to 65535 when one is written, and nothing else (no user, path, query or fragment).
  static func validated(_ text: String) -> String? {
    var rest = Substring(text)
    if rest.lowercased().hasPrefix("http://") { rest = rest.dropFirst("http://".count) }
    if rest.hasSuffix("/") { rest = rest.dropLast() }
    guard !rest.isEmpty, !rest.hasSuffix(":"), !rest.contains(where: { "/?#@".contains($0) }),
      let url = URL(string: "http://\(rest)/"), (try? HTTPHost(url)) != nil
    else { return nil }
    return String(rest)
  }
}
