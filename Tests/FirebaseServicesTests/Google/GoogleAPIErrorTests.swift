import ConfigClient
import Core
@testable import FirebaseServices
import Foundation
@testable import HTTPTransport
import SwitchyardTestSupport
import Testing

/// `GoogleAPIError`: Google's error body read into status, message and reason, bounded and
/// free of the token, with what to check for 401, 403 and 404.
@Suite("GoogleAPIError")
struct GoogleAPIErrorTests {
  static func response(
    _ status: Int, _ body: String, headers: [String: String] = [:]
  ) throws -> HTTPResponse {
    HTTPResponse(
      head: HTTPResponseHead(status: status, headers: headers), body: Array(body.utf8),
      url: try #require(URL(string: "https://firebaseremoteconfig.googleapis.com/v1/x")))
  }

  @Test("Google's body gives the code, status, message and the ErrorInfo reason")
  func readsTheBody() throws {
    let body = #"""
      {"error": {"code": 403, "message": "Firebase Remote Config API has not been used in project 42 before or it is disabled.",
       "status": "PERMISSION_DENIED",
       "details": [{"@type": "type.googleapis.com/google.rpc.Help"},
                   {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "SERVICE_DISABLED"}]}}
      """#
    let error = GoogleAPIError(
      response: try Self.response(403, body, headers: ["retry-after": "30"]), redacting: [])
    #expect(error.httpStatus == 403)
    #expect(error.code == 403)
    #expect(error.status == "PERMISSION_DENIED")
    #expect(error.message.hasPrefix("Firebase Remote Config API has not been used in project 42"))
    #expect(error.reason == "SERVICE_DISABLED")
    #expect(error.retryAfter == .seconds(30))
  }

  @Test(
    "a streaming method's error, the body as an array's first element, closed or not, reads the same",
    arguments: [
      #"[{"error": {"code": 403, "message": "off", "status": "PERMISSION_DENIED"}}]"#,
      #" [{"error": {"code": 403, "message": "off", "status": "PERMISSION_DENIED"}}"#,
      #"[{"error": {"code": 403, "message": "off", "status": "PERMISSION_DENIED"}},{"a": 1"#,
      "[{\n  \"error\": {\n    \"code\": 403,\n    \"message\": \"off\",\n"
        + "    \"status\": \"PERMISSION_DENIED\"\n  }\n}\n]",
    ])
  func arrayBody(body: String) throws {
    let error = GoogleAPIError(response: try Self.response(403, body), redacting: [])
    #expect(error.code == 403)
    #expect(error.status == "PERMISSION_DENIED")
    #expect(error.message == "off")
    let empty = GoogleAPIError(response: try Self.response(403, "[]"), redacting: [])
    #expect(empty.message == "the body is not Google's error JSON: '[]'")
  }

  @Test(
    "401, 403 and 404 say what to check; other statuses have no hint",
    arguments: [
      (401, "check the credentials"),
      (403, "roles/firebase.remoteConfigViewer"),
      (403, "roles/firebase.remoteConfigAdmin"),
      (403, "Firebase Remote Config API is enabled"),
      (404, "check the project id"),
    ])
  func hints(status: Int, expected: String) throws {
    let error = GoogleAPIError(
      response: try Self.response(status, #"{"error": {"code": \#(status), "message": "no"}}"#),
      redacting: [])
    #expect(error.hint?.contains(expected) == true)
    #expect(error.description.contains(expected))
  }

  @Test("statuses a configuration does not cause have no hint", arguments: [400, 429, 500, 503])
  func noHint(status: Int) throws {
    let error = GoogleAPIError(response: try Self.response(status, "{}"), redacting: [])
    #expect(error.hint == nil)
  }

  @Test("a body that is not Google's JSON is quoted, cut short, on one line")
  func notJSON() throws {
    let page = "<html>\n<body>" + String(repeating: "Bad Gateway ", count: 500) + "</body></html>"
    let error = GoogleAPIError(response: try Self.response(502, page), redacting: [])
    #expect(error.status == nil)
    #expect(
      error.message.hasPrefix("the body is not Google's error JSON: '<html>U+000A<body>Bad Gateway")
    )
    #expect(error.message.count < 300)
    #expect(ErrorTextRule.lineProblem(error.description) == nil)
  }

  @Test("an empty body says so")
  func emptyBody() throws {
    let error = GoogleAPIError(response: try Self.response(503, ""), redacting: [])
    #expect(error.message == "no error message (an empty body)")
    #expect(
      error.description == "Firebase Remote Config API: HTTP 503: no error message (an empty body)")
  }

  @Test("the message is bounded and kept to one line")
  func boundedMessage() throws {
    let long = String(repeating: "x", count: 10_000) + "\u{1B}[31m"
    let body: JSONValue = ["error": ["message": .string("line one\nline two " + long)]]
    let error = GoogleAPIError(response: try Self.response(400, body.jsonText), redacting: [])
    #expect(error.message.hasPrefix("line oneU+000Aline two xxx"))
    #expect(error.message.count <= GoogleAPIError.maximumMessageLength + 3)
    #expect(ErrorTextRule.lineProblem(error.description) == nil)
  }

  @Test("the token sent never survives, in Google's message or in an echoed body")
  func redactsTheToken() throws {
    let token = TestCredentials.token
    let json = GoogleAPIError(
      response: try Self.response(
        401, #"{"error": {"message": "bad token \#(token)", "status": "UNAUTHENTICATED"}}"#),
      redacting: [token])
    let echoed = GoogleAPIError(
      response: try Self.response(400, "Authorization: Bearer \(token)\n"), redacting: [token])
    for error in [json, echoed] {
      #expect(!error.description.contains(token))
      #expect(!error.description.contains("SECRET"))
      #expect(error.description.contains("[redacted]"))
    }
  }

  @Test(
    "a stale etag is 412, or 400 FAILED_PRECONDITION with [VERSION_MISMATCH]; nothing else",
    arguments: [
      (412, nil, "Precondition Failed", true),
      (
        400, "FAILED_PRECONDITION",
        "[VERSION_MISMATCH]: Expected version 6, found 8 for project: 1", true
      ),
      (400, "FAILED_PRECONDITION", "[VALIDATION_ERROR]: bad condition", false),
      (400, "INVALID_ARGUMENT", "[VERSION_MISMATCH]", false),
      (409, "ABORTED", "[VERSION_MISMATCH]", false),
    ] as [(Int, String?, String, Bool)])
  func versionMismatch(status: Int, code: String?, message: String, isStale: Bool) {
    let error = GoogleAPIError(httpStatus: status, status: code, message: message)
    #expect(error.isVersionMismatch == isStale)
  }

  @Test(
    "a Google refusal is retried on the real-time stream for Firebase's statuses only, and throttles fetches as its status",
    arguments: [
      (408, true), (429, true), (502, true), (503, true), (504, true), (500, false),
      (400, false), (401, false), (403, false), (404, false),
    ])
  func retriedStatuses(status: Int, retried: Bool) {
    let failure = GoogleAPIError(httpStatus: status, message: "m", retryAfter: .seconds(90))
      .sourceFailure
    #expect(failure.isRetryable == retried)
    #expect(failure.serverAnswer == ServerAnswer(status: status, retryAfter: .seconds(90)))
    #expect(RealtimeStreamError.underlying(failure).isRetryable == retried)
  }
}
