public import Core
public import SwitchyardTestSupport

extension LoopbackResponse {
  /// Google's API error: `{"error":{"code","message","status"}}` with `code` as the HTTP
  /// status (firebase-services.md §3.3; firebase-admin-node
  /// `test/unit/remote-config/remote-config-api-client.spec.ts:41-47`).
  public static func googleError(
    code: Int, status: String, message: String, headers: [(name: String, value: String)] = []
  ) -> LoopbackResponse {
    let body: JSONValue = [
      "error": [
        "code": .number(JSONNumber(code)), "message": .string(message), "status": .string(status),
      ]
    ]
    return json(body, status: code, headers: headers)
  }

  /// An OAuth 2.0 token endpoint error, `{"error","error_description"}` (RFC 6749 §5.2, as
  /// Google's token endpoint answers; firebase-services.md §2.3).
  public static func oauthError(status: Int = 400, error: String, description: String)
    -> LoopbackResponse
  {
    json(["error": .string(error), "error_description": .string(description)], status: status)
  }

  /// `status` with `value` as compact JSON, `Content-Type: application/json; charset=UTF-8`
  /// (what Google's front end sends) and `headers`.
  public static func json(
    _ value: JSONValue, status: Int = 200, headers: [(name: String, value: String)] = []
  ) -> LoopbackResponse {
    LoopbackResponse(
      status: status,
      headers: [(name: "Content-Type", value: "application/json; charset=UTF-8")] + headers,
      body: .complete(Array(value.jsonText.utf8)))
  }
}
