import ConfigClient
import Core
import Foundation
import HTTPTransport

/// The two Firebase Installations calls an app makes (firebase-services.md §4), as
/// Firebase's SDKs make them: `POST .../installations` to register an id and
/// `POST .../installations/{fid}/authTokens:generate` for a new auth token, both with the
/// API key in `x-goog-api-key`, strict JSON, and a 5xx retried once at once (JavaScript's
/// `retryIfServerError`, iOS likewise). No decision is made here: `FirebaseInstallations`
/// decides what an answer means.
struct FirebaseInstallationsAPI: Sendable {
  /// An answer the calls turn into a value, or what went wrong.
  enum Answer<Value: Sendable>: Sendable {
    /// 2xx with the protocol's body.
    case success(Value)
    /// Google refused: the status and its error, with every secret sent removed.
    case refused(status: Int, GoogleAPIError)
    /// No usable answer.
    case failed(FirebaseInstallationsError)
  }

  /// What a registration answers.
  struct Registration: Sendable, Equatable {
    /// The id Google returned, when it returned one (it replaces the one sent).
    var fid: String?
    var refreshToken: String
    var authToken: String
    var expiresIn: TimeInterval
  }

  /// A new auth token and its lifetime.
  struct AuthToken: Sendable, Equatable {
    var token: String
    var expiresIn: TimeInterval
  }

  /// The API's name in errors.
  static let api = "Firebase Installations API"
  /// The largest answer read, in bytes: Google's are about 2 KB.
  static let maximumBodyBytes = 64 * 1024

  let options: FirebaseAppOptions
  let time: any TimeSource

  /// Registers `fid` (`authVersion` `FIS_v2`): 200 and 201 are success.
  func register(fid: String, timeout: Duration) async -> Answer<Registration> {
    let body: JSONValue = [
      "fid": .string(fid), "authVersion": "FIS_v2", "appId": .string(options.appID),
      "sdkVersion": .string(options.sdkVersion),
    ]
    let answer = await send(path: "/installations", body: body, secrets: [], timeout: timeout)
    return parse(answer) { object throws(FieldError) in
      // Google's id replaces the one sent, as Android and JavaScript take it; none, or an
      // empty one, keeps the one sent.
      var fid: String?
      switch object["fid"] {
      case nil, .null?, .string("")?:
        fid = nil
      case .string(let text)? where FirebaseInstallationID.isAcceptable(text):
        fid = text
      case .string(let text)?:
        throw FieldError(
          "'fid' \(Excerpt.quoted(text)) is not 1 to \(FirebaseInstallationID.maximumLength)"
            + " visible ASCII characters")
      case let other?:
        throw FieldError("'fid' is \(other.kindDescription), not a string")
      }
      let refreshToken = try Self.token(object["refreshToken"], "refreshToken")
      guard case .object(let authToken)? = object["authToken"] else {
        throw FieldError("'authToken' is missing or not an object")
      }
      return Registration(
        fid: fid, refreshToken: refreshToken,
        authToken: try Self.token(authToken["token"], "authToken.token"),
        expiresIn: try Self.duration(authToken["expiresIn"], "authToken.expiresIn"))
    }
  }

  /// Generates a new auth token for `installation` with its refresh token.
  func generateAuthToken(
    for installation: FirebaseInstallation, timeout: Duration
  ) async -> Answer<AuthToken> {
    let body: JSONValue = [
      "installation": [
        "sdkVersion": .string(options.sdkVersion), "appId": .string(options.appID),
      ]
    ]
    let answer = await send(
      path: "/installations/\(FirebaseEndpoint.encodedSegment(installation.fid))"
        + "/authTokens:generate",
      body: body, authorization: "FIS_v2 " + installation.refreshToken,
      secrets: [installation.refreshToken, installation.authToken], timeout: timeout)
    return parse(answer) { object throws(FieldError) in
      AuthToken(
        token: try Self.token(object["token"], "token"),
        expiresIn: try Self.duration(object["expiresIn"], "expiresIn"))
    }
  }

  /// One call, with a 5xx tried once more at once.
  private func send(
    path: String, body: JSONValue, authorization: String? = nil, secrets: [String],
    timeout: Duration
  ) async -> Answer<JSONObject> {
    guard
      let url = options.installationsEndpoint.url(project: options.projectID, path: path)
    else {
      return .failed(.invalidResponse("cannot make a URL for project \(options.projectID)"))
    }
    let headers = authorization.map { [(name: "Authorization", value: $0)] } ?? []
    let request = options.post(url, body: body, headers: headers)
    let secrets = secrets + [options.apiKey]
    var answer = await sendOnce(request, secrets: secrets, timeout: timeout)
    if case .refused(let status, _) = answer, (500..<600).contains(status) {
      answer = await sendOnce(request, secrets: secrets, timeout: timeout)
    }
    return answer
  }

  private func sendOnce(
    _ request: HTTPRequest, secrets: [String], timeout: Duration
  ) async -> Answer<JSONObject> {
    let response: HTTPResponse
    do {
      response = try await HTTPClient(time: time).send(
        request, timeout: timeout, maximumBodyBytes: Self.maximumBodyBytes)
    } catch {
      return .failed(FirebaseInstallationsError(error))
    }
    guard (200..<300).contains(response.status) else {
      return .refused(
        status: response.status,
        GoogleAPIError(
          status: response.status, head: response.head, body: response.body,
          redacting: secrets, api: Self.api, hint: nil))
    }
    guard case .object(let object)? = try? JSONParser().parse(response.body) else {
      return .failed(
        .invalidResponse("HTTP \(response.status) with a body that is not a JSON object"))
    }
    return .success(object)
  }

  private func parse<Value>(
    _ answer: Answer<JSONObject>, _ read: (JSONObject) throws(FieldError) -> Value
  ) -> Answer<Value> {
    switch answer {
    case .success(let object):
      do {
        return .success(try read(object))
      } catch {
        return .failed(.invalidResponse(error.message))
      }
    case .refused(let status, let error): return .refused(status: status, error)
    case .failed(let error): return .failed(error)
    }
  }

  private typealias FieldError = JSONFieldError

  private static func token(_ value: JSONValue?, _ field: String) throws(FieldError) -> String {
    guard let token = value?.stringValue, !token.isEmpty else {
      throw FieldError("'\(field)' is missing or not a string")
    }
    guard token.utf8.count <= FirebaseInstallation.maximumTokenBytes else {
      throw FieldError(
        "'\(field)' is \(token.utf8.count) bytes; at most "
          + "\(FirebaseInstallation.maximumTokenBytes) are kept")
    }
    return token
  }

  /// A protobuf duration, `"604800s"` (JavaScript reads it by replacing the `s`): whole or
  /// decimal seconds, more than zero, at most ten years.
  private static func duration(
    _ value: JSONValue?, _ field: String
  ) throws(FieldError) -> TimeInterval {
    guard let text = value?.stringValue, text.hasSuffix("s"),
      let seconds = Double(text.dropLast()), seconds.isFinite, seconds > 0,
      text.dropLast().allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") })
    else {
      throw FieldError("'\(field)' is not a duration such as \"604800s\"")
    }
    return min(seconds, 10 * 365 * 86_400)
  }
}
