import Foundation
import SwitchyardTestSupport
import Testing

@testable import OFREP

@Suite("OFREP: optional API keys")
struct OFREPAPIKeyTests {
  static let keys = ["k1-secret-value", "second"]

  @Test(
    "a request carries an accepted key in either header, or is 401 with OFREP's error body",
    arguments: [
      ([], 401), ([("Authorization", "Bearer k1-secret-value")], 200),
      ([("authorization", "bearer second")], 200), ([("Authorization", "Bearer   second ")], 200),
      ([("X-API-Key", "second")], 200), ([("x-api-key", " k1-secret-value ")], 200),
      ([("Authorization", "Bearer k1-secret-valu")], 401),
      ([("Authorization", "Bearer k1-secret-value2")], 401),
      ([("Authorization", "Basic k1-secret-value")], 401),
      ([("Authorization", "k1-secret-value")], 401), ([("X-API-Key", "")], 401),
      ([("X-API-Key", "wrong"), ("Authorization", "Bearer second")], 200),
      ([("X-Api-Key", "SECOND")], 401),
    ] as [([(String, String)], Int)])
  func requests(headers: [(String, String)], status: Int) async throws {
    let responder = try OFREPTestSupport.responder(apiKeys: Self.keys)
    let response = await responder.respond(
      to: OFREPTestSupport.post(
        OFREPTestSupport.bulk, "{}", headers: headers.map { (name: $0.0, value: $0.1) }))
    #expect(response.status == status)
    let text = OFREPTestSupport.text(response) + response.headers.map(\.value).joined()
    for key in Self.keys { #expect(!text.contains(key)) }
    for header in headers where !header.1.isEmpty {
      #expect(!text.contains(header.1.trimmingCharacters(in: .whitespaces)))
    }
    if status == 401 {
      #expect(response.header("WWW-Authenticate") == "Bearer")
      #expect(OFREPSchema.general(OFREPTestSupport.json(response)) == [])
    }
  }

  @Test("keys are checked before the path: an unknown OFREP path without a key is 401")
  func beforePath() async throws {
    let responder = try OFREPTestSupport.responder(apiKeys: Self.keys)
    let response = await responder.respond(to: OFREPTestSupport.post("/ofrep/v9/x", "{}"))
    #expect(response.status == 401)
    let outside = await responder.respond(to: OFREPTestSupport.post("/healthz", "{}"))
    #expect(outside.status == 404)
  }

  @Test(
    "the comparison: equal only for the same bytes, wherever and however they differ",
    arguments: [
      ("secret", "secret", true), ("Secret", "secret", false), ("secreT", "secret", false),
      ("secre", "secret", false), ("secrets", "secret", false), ("", "secret", false),
      ("secret\0", "secret", false), ("sec", "", false), ("", "", true),
      ("\u{FF}\u{FF}\u{FF}\u{FF}\u{FF}\u{FF}", "secret", false),
    ])
  func comparison(given: String, expected: String, equal: Bool) {
    #expect(OFREPAPIKeys.constantTimeEqual(Array(given.utf8), Array(expected.utf8)) == equal)
  }

  @Test("a server's own route under the same keys (the event stream) asks the keys and answers 401")
  func serverRoute() {
    let keys = OFREPAPIKeys(Self.keys)
    let stream = { (headers: [(name: String, value: String)]) in
      OFREPRequest(method: "GET", path: "/ofrep/v1/events", headers: headers)
    }
    #expect(keys.accepts(stream([("Authorization", "Bearer second")])))
    #expect(keys.accepts(stream([("X-API-Key", "k1-secret-value")])))
    #expect(!keys.accepts(stream([])))
    #expect(!keys.accepts(stream([("X-API-Key", "k1-secret")])))
    #expect(OFREPAPIKeys([]).accepts(stream([])))
    #expect(OFREPResponder.unauthorized.status == 401)
    #expect(OFREPResponder.unauthorized.header("WWW-Authenticate") == "Bearer")
    #expect(OFREPSchema.general(OFREPTestSupport.json(OFREPResponder.unauthorized)) == [])
  }

  @Test("a request's description, debug description and dump hide the credentials' values")
  func requestDescription() {
    let request = OFREPRequest(
      method: "POST", path: OFREPTestSupport.bulk, query: "flagConfigEtag=1",
      headers: [
        ("authorization", "Bearer k1-secret-value"), ("X-API-Key", "second"),
        ("Content-Type", "application/json"),
      ], body: Array("{}".utf8))
    var dumped = ""
    dump(request, to: &dumped)
    for text in ["\(request)", String(reflecting: request), dumped] {
      for key in Self.keys { #expect(!text.contains(key)) }
    }
    #expect(
      "\(request)"
        == "POST /ofrep/v1/evaluate/flags [authorization: redacted, X-API-Key: redacted,"
        + " Content-Type: application/json] 2 bytes")
  }

  @Test("keys are never described; empty keys are ignored")
  func description() {
    let keys = OFREPAPIKeys(["abc", ""])
    #expect("\(keys)" == "API keys (1)")
    var dumped = ""
    dump(keys, to: &dumped)
    #expect(!dumped.contains("97"))  // "a" as a byte
    #expect(String(reflecting: keys) == "API keys (1)")
    #expect(OFREPAPIKeys([""]).isEmpty)
  }
}
