import Core
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

/// Credentials files and secrets for the credentials tests: the fixture service-account key
/// (Fixtures/Crypto, a test-only key) with the token endpoint a test chooses, and an
/// `authorized_user` file like the one `gcloud auth application-default login` writes.
enum CredentialsFixtures {
  static let clientID = "764086051850-test.apps.googleusercontent.com"
  static let clientSecret = "d-FL95Q19q7MQmFpd7hHD0Ty-client-secret"
  static let refreshToken = "1//0gSECRET-refresh-token/with+special=chars"
  static let accessToken = "ya29.a0SECRET-access-token"
  static let clientEmail = "switchyard-test@switchyard-fixtures.iam.gserviceaccount.com"
  static let keyID = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c"
  static let keyProjectID = "switchyard-fixtures"

  /// The fixture key file's JSON object.
  static func serviceAccountObject(tokenURI: String) throws -> JSONObject {
    var object = try #require(
      JSONParser().parse(CryptoFixtures.text("service-account.json")).objectValue)
    object["token_uri"] = .string(tokenURI)
    return object
  }

  /// The fixture key's PEM, to check that nothing shows it.
  static func privateKeyPEM() throws -> String {
    try #require(
      JSONParser().parse(CryptoFixtures.text("service-account.json"))["private_key"]?.stringValue)
  }

  /// A service-account key file whose `token_uri` is `tokenURI`, written to `name` in
  /// `directory`; `change` edits the JSON first.
  @discardableResult
  static func writeServiceAccount(
    to directory: TemporaryDirectory, name: String = "key.json", tokenURI: String,
    change: (inout JSONObject) -> Void = { _ in }
  ) throws -> String {
    var object = try serviceAccountObject(tokenURI: tokenURI)
    change(&object)
    return try directory.write(name, JSONValue.object(object).prettyJSONText)
  }

  /// An `authorized_user` file as gcloud writes it, with `quota_project_id` when given.
  static func authorizedUserObject(quotaProjectID: String? = nil) -> JSONObject {
    var object = JSONObject([
      ("account", ""), ("client_id", .string(clientID)),
      ("client_secret", .string(clientSecret)), ("refresh_token", .string(refreshToken)),
      ("type", "authorized_user"), ("universe_domain", "googleapis.com"),
    ])
    if let quotaProjectID { object["quota_project_id"] = .string(quotaProjectID) }
    return object
  }

  /// An `authorized_user` file written to `name` in `directory`.
  @discardableResult
  static func writeAuthorizedUser(
    to directory: TemporaryDirectory, name: String = "adc.json", quotaProjectID: String? = nil,
    change: (inout JSONObject) -> Void = { _ in }
  ) throws -> String {
    var object = authorizedUserObject(quotaProjectID: quotaProjectID)
    change(&object)
    return try directory.write(name, JSONValue.object(object).prettyJSONText)
  }

  /// The fields of a form-encoded body, decoded with Foundation (not the code under test).
  static func formFields(_ body: String) -> [String: String] {
    var fields: [String: String] = [:]
    for pair in body.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0]).removingPercentEncoding ?? ""
      let value =
        parts.count > 1
        ? (String(parts[1]).replacingOccurrences(of: "+", with: " ")
          .removingPercentEncoding ?? "") : ""
      fields[name] = value
    }
    return fields
  }

  /// A token answer as Google's token endpoint and the metadata server give it.
  static func tokenAnswer(_ token: String, expiresIn: Int = 3599) -> LoopbackResponse {
    .ok(#"{"access_token":"\#(token)","expires_in":\#(expiresIn),"token_type":"Bearer"}"#)
  }

  /// An environment with nothing in it but `HOME` pointing at an empty directory and a
  /// metadata server where nothing listens, plus `extra`: discovery finds nothing unless a
  /// test puts it there.
  static func emptyEnvironment(
    home: TemporaryDirectory, closedPort: ClosedLoopbackPort, _ extra: [String: String] = [:]
  ) -> [String: String] {
    ["HOME": home.url.path, "GCE_METADATA_HOST": "127.0.0.1:\(closedPort.port)"].merging(
      extra
    ) { $1 }
  }
}

extension LoopbackHTTPServer {
  /// Answers `path` as a token endpoint: `token-1`, `token-2`, ... counted in `counter`.
  func serveTokens(at path: String = "/token", counter: TokenCounter, expiresIn: Int = 3599) {
    handle(path) { _ in
      CredentialsFixtures.tokenAnswer("token-\(counter.next())", expiresIn: expiresIn)
    }
  }
}

/// A counter of the token requests a loopback handler answered, and the tokens it handed
/// out: `token-1`, `token-2`, ...
final class TokenCounter: Sendable {
  private let count = LockedState(0)

  /// The next token's number.
  func next() -> Int {
    count.withLock {
      $0 += 1
      return $0
    }
  }

  /// How many were handed out.
  var value: Int { count.withLock { $0 } }
}

/// Asks `fetch` for a token from `count` tasks at once and returns every token they got:
/// `release` runs only once the first fetch has `started` and every task is waiting, so all
/// of them ask while one fetch is in flight.
func tokensFromConcurrentCallers(
  _ count: Int, started: SignalLatch, release: @escaping @Sendable () -> Void,
  _ fetch: @escaping @Sendable () async throws -> AccessToken
) async throws -> [String] {
  let arrivals = TokenCounter()
  let allArrived = SignalLatch()
  return try await withThrowingTaskGroup(of: String.self) { group in
    for _ in 0..<count {
      group.addTask {
        if arrivals.next() == count { allArrived.open() }
        return try await fetch().value
      }
    }
    await started.wait()
    await allArrived.wait()
    release()
    return try await group.reduce(into: [String]()) { $0.append($1) }
  }
}
