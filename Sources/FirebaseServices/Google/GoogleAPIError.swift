public import Core
import Foundation
import HTTPTransport

/// A Google API's answer to a failed call: the HTTP status and what its error body
/// (`{"error": {"code", "message", "status", "details"}}`) says, with a hint on what to check
/// for the statuses a configuration causes (401, 403, 404).
///
/// The body may also be that object as the first element of an array, closed or not, as
/// Google's streaming methods send it. The message is Google's, on one line and cut to `maximumMessageLength`
/// characters, with the access token sent removed should a proxy echo it; a body that is not
/// Google's JSON (a proxy's page, a load balancer's text) is quoted the same way. Nothing else
/// of the response is kept.
public struct GoogleAPIError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The longest message kept, in characters.
  public static let maximumMessageLength = 500

  /// The HTTP status of the response.
  public var httpStatus: Int
  /// `error.code`, normally the HTTP status again; nil when the body had none.
  public var code: Int?
  /// `error.status`, the canonical code's name (`PERMISSION_DENIED`, `FAILED_PRECONDITION`,
  /// ...); nil when the body had none.
  public var status: String?
  /// `error.message`, or what the body was when it was not Google's JSON.
  public var message: String
  /// The `reason` of the first `google.rpc.ErrorInfo` in `error.details`, e.g.
  /// `SERVICE_DISABLED` or `ACCESS_TOKEN_EXPIRED`; nil when there is none.
  public var reason: String?
  /// The response's `Retry-After`, when it had a readable one.
  public var retryAfter: RetryAfter?
  /// What to check, for the statuses a configuration causes; nil for the others.
  public var hint: String?
  /// The API that answered, for the description: `Firebase Remote Config API` unless given
  /// (`Firebase Installations API`, `Firebase Remote Config real-time API`).
  public var api: String

  /// The API every error names unless told otherwise.
  public static let remoteConfigAPI = "Firebase Remote Config API"

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(
    httpStatus: Int, code: Int? = nil, status: String? = nil, message: String,
    reason: String? = nil, retryAfter: RetryAfter? = nil, hint: String? = nil,
    api: String = GoogleAPIError.remoteConfigAPI
  ) {
    self.api = api
    self.httpStatus = httpStatus
    self.code = code
    self.status = status
    self.message = message
    self.reason = reason
    self.retryAfter = retryAfter
    self.hint = hint
  }

  /// What to check after `httpStatus` when nothing more particular is known: the
  /// credentials (401), the API and the IAM role (403), the project id (404).
  public static func defaultHint(httpStatus: Int) -> String? {
    switch httpStatus {
    case 401:
      "check the credentials: Google refused the access token they gave (expired, revoked,"
        + " or not an OAuth 2.0 access token)"
    case 403:
      "check that the Firebase Remote Config API is enabled for the project and that the"
        + " credentials' account has the IAM role roles/firebase.remoteConfigViewer (to"
        + " read) or roles/firebase.remoteConfigAdmin (to publish)"
    case 404:
      "check the project id (the id, such as my-app-1a2b3, not the project's display name)"
    default:
      nil
    }
  }

  /// `Firebase Remote Config API: HTTP 403 PERMISSION_DENIED: <message>; <hint>`.
  public var description: String {
    var text = "\(api): HTTP \(httpStatus)"
    if let status { text += " " + status }
    text += ": " + message
    if let hint { text += "; " + hint }
    return text
  }
}

extension GoogleAPIError {
  /// Reads a failed response: Google's error body when it is one, else an excerpt of the
  /// body, with the default hint for its status. Every occurrence of each of `secrets` is
  /// removed before anything is kept.
  init(response: HTTPResponse, redacting secrets: [String]) {
    self.init(status: response.status, head: response.head, body: response.body, redacting: secrets)
  }

  /// Reads a failed answer from its status, head and (possibly partial) body, as
  /// `init(response:redacting:)` does, naming `api`; `hint` replaces the default hint when
  /// given.
  init(
    status httpStatus: Int, head: HTTPResponseHead, body: [UInt8], redacting secrets: [String],
    api: String = GoogleAPIError.remoteConfigAPI, hint: String? = nil
  ) {
    let text = Self.redacted(String(decoding: body, as: UTF8.self), secrets)
    let error = Self.errorObject(text)
    let code = error?["code"]?.doubleValue.flatMap { Int(exactly: $0) }
    let status = error?["status"]?.stringValue.map { Excerpt.of($0) }
    let message: String
    if let googleMessage = error?["message"]?.stringValue {
      message = Excerpt.of(googleMessage, length: Self.maximumMessageLength)
    } else if text.allSatisfy(\.isWhitespace) {
      message = "no error message (an empty body)"
    } else {
      message = "the body is not Google's error JSON: " + Excerpt.quoted(text, length: 200)
    }
    self.init(
      httpStatus: httpStatus, code: code, status: status, message: message,
      reason: Self.errorInfoReason(error?["details"]), retryAfter: head.retryAfter,
      hint: hint ?? Self.defaultHint(httpStatus: httpStatus), api: api)
  }

  /// Whether Google said the etag sent in `If-Match` is not the template's current one:
  /// HTTP 412, or 400 `FAILED_PRECONDITION` with `[VERSION_MISMATCH]` in the message, as
  /// firebase-admin-node's tests model it.
  var isVersionMismatch: Bool {
    if httpStatus == 412 { return true }
    return httpStatus == 400 && status == "FAILED_PRECONDITION"
      && message.contains("[VERSION_MISMATCH]")
  }

  /// The `error` member of Google's error body: `{"error": {...}}`, or the same object as the
  /// first element of an array, closed or not, as a streaming method (the real-time stream)
  /// answers: the array it streams, refused before its first element ends (Android's 403).
  private static func errorObject(_ text: String) -> JSONValue? {
    let start = text.drop { $0.isWhitespace }
    guard start.first == "[" else { return (try? JSONParser().parse(text))?["error"] }
    return (try? JSONParser().parseLeadingValue(Array(start.dropFirst().utf8)))?["error"]
  }

  private static func errorInfoReason(_ details: JSONValue?) -> String? {
    for detail in details?.arrayValue ?? [] {
      guard let type = detail["@type"]?.stringValue, type.hasSuffix("google.rpc.ErrorInfo"),
        let reason = detail["reason"]?.stringValue
      else { continue }
      return Excerpt.of(reason)
    }
    return nil
  }

  private static func redacted(_ text: String, _ secrets: [String]) -> String {
    var text = text
    for secret in secrets where !secret.isEmpty {
      text = text.replacingOccurrences(of: secret, with: "[redacted]")
    }
    return text
  }
}
