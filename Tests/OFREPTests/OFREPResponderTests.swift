import ConfigEngine
import Core
import FlagEvaluation
import OFREP
import SwitchyardTestSupport
import Testing

@Suite("OFREP: single evaluations")
struct OFREPSingleTests {
  static let ios = #"{"context": {"targetingKey": "u1", "platform": "ios"}}"#
  static let android = #"{"context": {"targetingKey": "u1", "platform": "android"}}"#
  static let web = #"{"context": {"targetingKey": "u1", "platform": "web"}}"#

  @Test(
    "every outcome and type, byte for byte: value types exact, always a variant",
    arguments: [
      (
        "welcome", ios,
        #"{"key":"welcome","value":"Hi iOS","reason":"TARGETING_MATCH","variant":"ios","metadata":{"condition":"ios","source":"remote","valueType":"STRING","version":"12"}}"#
      ),
      (
        "welcome", android,
        #"{"key":"welcome","value":"Hi Android","reason":"SPLIT","variant":"android_rollout","metadata":{"condition":"android_rollout","source":"remote","valueType":"STRING","version":"12"}}"#
      ),
      (
        "welcome", web,
        #"{"key":"welcome","value":"Hi","reason":"DEFAULT","variant":"default","metadata":{"source":"remote","valueType":"STRING","version":"12"}}"#
      ),
      (
        "static_text", web,
        #"{"key":"static_text","value":"the same for everyone","reason":"STATIC","variant":"default","metadata":{"source":"remote","valueType":"STRING","version":"12"}}"#
      ),
      (
        "deferred", web,
        #"{"key":"deferred","value":7,"reason":"DEFAULT","variant":"inAppDefault","metadata":{"source":"default","valueType":"NUMBER","version":"12"}}"#
      ),
      (
        "deferred_on_ios", ios,
        #"{"key":"deferred_on_ios","value":false,"reason":"DEFAULT","variant":"inAppDefault","metadata":{"condition":"ios","source":"default","valueType":"BOOLEAN","version":"12"}}"#
      ),
      (
        "app_only", web,
        #"{"key":"app_only","value":"from the app","reason":"DEFAULT","variant":"inAppDefault","metadata":{"source":"default","valueType":"STRING","version":"12"}}"#
      ),
      ("enabled", web, #"{"key":"enabled","value":false,"#),
      ("limit", web, #"{"key":"limit","value":10,"#),
      ("ratio", web, #"{"key":"ratio","value":0.5,"#),
      ("one_point_zero", web, #"{"key":"one_point_zero","value":1,"#),
      ("exponent", web, #"{"key":"exponent","value":1000,"#),
      ("huge", web, #"{"key":"huge","value":1e+20,"#),
      ("settings", web, #"{"key":"settings","value":{"colors":["red","blue"],"size":2.50},"#),
      (
        "json_list", web,
        #"{"key":"json_list","value":["red",{"size":2}],"reason":"STATIC","variant":"default","#
      ),
      (
        "json_null", web,
        #"{"key":"json_null","reason":"STATIC","variant":"default","metadata":{"source":"remote","valueType":"JSON","version":"12"}}"#
      ),
      ("untyped", web, #"{"key":"untyped","value":"plain text","reason":"STATIC","#),
    ])
  func evaluation(key: String, body: String, expected: String) async throws {
    let response = try await OFREPTestSupport.responder().respond(
      to: OFREPTestSupport.post(OFREPTestSupport.single + key, body))
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "application/json")
    #expect(OFREPTestSupport.text(response).hasPrefix(expected))
    #expect(OFREPSchema.success(OFREPTestSupport.json(response)) == [])
    #expect(OFREPTestSupport.json(response)["variant"]?.stringValue != nil)
  }

  @Test(
    "a NUMBER answers an integer when its value is integral and within Int64, else a float",
    arguments: [
      ("10", "10"), ("1.0", "1"), ("1e3", "1000"), ("-0.0", "0"), ("2.5e1", "25"),
      ("9223372036854775807", "9223372036854775807"), ("0.5", "0.5"), ("1e20", "1e+20"),
      ("9223372036854775808", "9.223372036854776e+18"), ("-1.5E-3", "-0.0015"),
    ])
  func numbers(literal: String, written: String) async {
    #expect(await Self.answer(literal, .number).hasPrefix(#"{"key":"p","value":\#(written),"#))
  }

  @Test(
    "a JSON parameter's value goes out as the JSON it holds: a scalar as that scalar",
    arguments: [("3", "3"), (#""text""#, #""text""#), ("true", "true"), ("[]", "[]")])
  func jsonScalars(literal: String, written: String) async {
    #expect(await Self.answer(literal, .json).hasPrefix(#"{"key":"p","value":\#(written),"#))
  }

  /// The answer's text for `p`, the one parameter of a template, with `literal` as its value.
  static func answer(_ literal: String, _ type: ConfigValueType) async -> String {
    let responder = OFREPResponder(
      evaluator: FlagEvaluator(
        source: TemplateFlagSource(
          template: CompiledTemplate(
            Template(parameters: [
              TemplateParameter(key: "p", defaultValue: .value(literal), valueType: type)
            ])))))
    return OFREPTestSupport.text(
      await responder.respond(to: OFREPTestSupport.post(OFREPTestSupport.single + "p", "{}")))
  }

  @Test("the in-app default with no value known: no value (the code default), variant inAppDefault")
  func codeDefault() async throws {
    let response = try await OFREPTestSupport.responder(defaults: InAppDefaults()).respond(
      to: OFREPTestSupport.post(OFREPTestSupport.single + "deferred", Self.web))
    #expect(response.status == 200)
    #expect(
      OFREPTestSupport.text(response)
        == #"{"key":"deferred","reason":"DEFAULT","variant":"inAppDefault","metadata":{"source":"static","valueType":"NUMBER","version":"12"}}"#
    )
    #expect(OFREPSchema.success(OFREPTestSupport.json(response)) == [])
  }

  @Test("a key in neither is 404 FLAG_NOT_FOUND with the key")
  func notFound() async throws {
    let response = try await OFREPTestSupport.responder().respond(
      to: OFREPTestSupport.post(OFREPTestSupport.single + "nowhere", Self.web))
    #expect(response.status == 404)
    #expect(
      OFREPTestSupport.text(response)
        == #"{"key":"nowhere","errorCode":"FLAG_NOT_FOUND","errorDetails":"flag 'nowhere' is in neither the template nor the in-app defaults","metadata":{"version":"12"}}"#
    )
    #expect(OFREPSchema.failure(OFREPTestSupport.json(response), notFound: true) == [])
  }

  @Test("a key is percent-decoded from the path; a malformed escape is 400 PARSE_ERROR")
  func encodedKey() async throws {
    let responder = try OFREPTestSupport.responder()
    let decoded = await responder.respond(
      to: OFREPTestSupport.post(OFREPTestSupport.single + "static%5Ftext", Self.web))
    #expect(OFREPTestSupport.json(decoded)["key"] == "static_text")
    let malformed = await responder.respond(
      to: OFREPTestSupport.post(OFREPTestSupport.single + "a%zz", Self.web))
    #expect(malformed.status == 400)
    #expect(OFREPTestSupport.json(malformed)["errorCode"] == "PARSE_ERROR")
    // The key is the path's segment as sent: nothing else names the flag.
    #expect(OFREPTestSupport.json(malformed)["key"] == "a%zz")
    #expect(OFREPSchema.failure(OFREPTestSupport.json(malformed)) == [])
  }

  @Test("a value that does not read as its declared type is 400 PARSE_ERROR naming the flag")
  func unreadableValue() async {
    let responder = OFREPResponder(
      evaluator: FlagEvaluator(
        source: TemplateFlagSource(
          template: CompiledTemplate(
            Template(parameters: [
              TemplateParameter(key: "b", defaultValue: .value("maybe"), valueType: .boolean)
            ])))))
    let response = await responder.respond(
      to: OFREPTestSupport.post(OFREPTestSupport.single + "b", "{}"))
    #expect(response.status == 400)
    #expect(OFREPTestSupport.json(response)["errorCode"] == "PARSE_ERROR")
    #expect(OFREPTestSupport.json(response)["key"] == "b")
    #expect(OFREPSchema.failure(OFREPTestSupport.json(response)) == [])
  }
}

@Suite("OFREP: requests that are refused")
struct OFREPRequestErrorTests {
  @Test(
    "a body that is not {\"context\": {...}} is 400 PARSE_ERROR; one that is, or none, evaluates",
    arguments: [
      ("", 200, nil), ("  \n", 200, nil), ("{}", 200, nil), (#"{"context": null}"#, 200, nil),
      (#"{"context": {}, "other": 1}"#, 200, nil), ("{", 400, "PARSE_ERROR"),
      ("[]", 400, "PARSE_ERROR"), (#"{"context": "u1"}"#, 400, "PARSE_ERROR"),
      (#"{"context": []}"#, 400, "PARSE_ERROR"),
      (#"{"context": {"tags": ["a"]}}"#, 400, "INVALID_CONTEXT"),
      (#"{"context": {"targetingKey": 7}}"#, 400, "INVALID_CONTEXT"),
      (#"{"context": {"appVersion": 2}}"#, 400, "INVALID_CONTEXT"),
    ] as [(String, Int, String?)])
  func bodies(body: String, status: Int, code: String?) async throws {
    let responder = try OFREPTestSupport.responder()
    for (path, keyed) in [
      (OFREPTestSupport.single + "limit", true), (OFREPTestSupport.bulk, false),
    ] {
      let response = await responder.respond(to: OFREPTestSupport.post(path, body))
      #expect(response.status == status, "\(path)")
      guard let code else { continue }
      let json = OFREPTestSupport.json(response)
      #expect(json["errorCode"]?.stringValue == code)
      #expect(json["key"]?.stringValue == (keyed ? "limit" : nil))
      #expect(OFREPSchema.failure(json, keyed: keyed) == [])
    }
  }

  @Test("INVALID_CONTEXT names the attribute at fault")
  func namedAttribute() async throws {
    let response = try await OFREPTestSupport.responder().respond(
      to: OFREPTestSupport.post(
        OFREPTestSupport.bulk, #"{"context": {"targetingKey": "u", "plan": {"tier": 1}}}"#))
    #expect(
      OFREPTestSupport.json(response)["errorDetails"]
        == "context field 'plan': a custom signal is a string, a number or a Boolean, found a structure"
    )
  }

  @Test(
    "another method on OFREP's paths is 405 with Allow: POST",
    arguments: ["GET", "PUT", "HEAD", "DELETE", "OPTIONS", "post"])
  func methods(method: String) async throws {
    let responder = try OFREPTestSupport.responder()
    for path in [OFREPTestSupport.bulk, OFREPTestSupport.single + "limit"] {
      let response = await responder.respond(to: OFREPRequest(method: method, path: path))
      #expect(response.status == 405)
      #expect(response.header("Allow") == "POST")
      #expect(OFREPSchema.general(OFREPTestSupport.json(response)) == [])
    }
  }

  @Test(
    "other paths are 404, under /ofrep/ and outside it",
    arguments: [
      "/ofrep/v1/evaluate/flags/", "/ofrep/v1/evaluate/flags/a/b", "/ofrep/v1/evaluate",
      "/ofrep/v2/evaluate/flags", "/ofrep/", "/ofrep", "/healthz", "/", "/ofrep/v1/evaluate/flagsx",
    ])
  func paths(path: String) async throws {
    let response = try await OFREPTestSupport.responder().respond(
      to: OFREPTestSupport.post(path, "{}"))
    #expect(response.status == 404)
    #expect(OFREPSchema.general(OFREPTestSupport.json(response)) == [])
  }

  @Test("a query after the path is not part of it")
  func query() async throws {
    let responder = try OFREPTestSupport.responder()
    let inPath = await responder.respond(
      to: OFREPTestSupport.post(OFREPTestSupport.bulk + "?flagConfigEtag=1", "{}"))
    #expect(inPath.status == 200)
    let apart = await responder.respond(
      to: OFREPRequest(
        method: "POST", path: OFREPTestSupport.bulk, query: "flagConfigEtag=1", body: []))
    #expect(apart.status == 200)
  }

  @Test("nothing loaded yet: 503 with Retry-After")
  func notReady() async {
    let responder = OFREPResponder(evaluator: FlagEvaluator(source: ClosureFlagSource { nil }))
    let response = await responder.respond(to: OFREPTestSupport.post(OFREPTestSupport.bulk, "{}"))
    #expect(response.status == 503)
    #expect(response.header("Retry-After") == "1")
    #expect(OFREPSchema.general(OFREPTestSupport.json(response)) == [])
  }
}
