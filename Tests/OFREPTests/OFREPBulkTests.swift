import ConfigEngine
import Core
import FlagEvaluation
import Foundation
import OFREP
import SwitchyardTestSupport
import Testing

@Suite("OFREP: bulk evaluations, ETag and 304")
struct OFREPBulkTests {
  static let web = #"{"context": {"targetingKey": "u1", "platform": "web"}}"#
  static let ios = #"{"context": {"targetingKey": "u1", "platform": "ios"}}"#

  @Test("every flag of the template and of the in-app defaults, sorted, with the version")
  func flags() async throws {
    let response = try await OFREPTestSupport.responder().respond(
      to: OFREPTestSupport.post(OFREPTestSupport.bulk, Self.web))
    #expect(response.status == 200)
    let json = OFREPTestSupport.json(response)
    #expect(OFREPSchema.bulk(json) == [])
    let keys = json["flags"]?.arrayValue?.compactMap { $0["key"]?.stringValue }
    #expect(keys == (try FlagFixtures.template().keys + ["app_only"]).sorted())
    #expect(json["metadata"] == ["version": "12"])
    #expect(json["eventStreams"] == nil)
    // Each flag is what a single evaluation answers.
    let responder = try OFREPTestSupport.responder()
    for flag in json["flags"]?.arrayValue ?? [] {
      let key = try #require(flag["key"]?.stringValue)
      let single = await responder.respond(
        to: OFREPTestSupport.post(OFREPTestSupport.single + key, Self.web))
      #expect(OFREPTestSupport.json(single) == flag)
    }
  }

  @Test("the same answer has the same ETag; If-None-Match with it is 304 with no body")
  func notModified() async throws {
    let responder = try OFREPTestSupport.responder()
    let first = await responder.respond(to: OFREPTestSupport.post(OFREPTestSupport.bulk, Self.web))
    let second = await responder.respond(
      to: OFREPTestSupport.post(OFREPTestSupport.bulk, Self.web))
    let tag = try #require(first.header("ETag"))
    #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 34)
    #expect(second.header("ETag") == tag)
    for ifNoneMatch in [tag, "W/" + tag, "\"other\", " + tag, "*"] {
      let response = await responder.respond(
        to: OFREPTestSupport.post(
          OFREPTestSupport.bulk, Self.web, headers: [("If-None-Match", ifNoneMatch)]))
      #expect(response.status == 304, "\(ifNoneMatch)")
      #expect(response.header("ETag") == tag)
      #expect(response.body.isEmpty)
    }
    let stale = await responder.respond(
      to: OFREPTestSupport.post(
        OFREPTestSupport.bulk, Self.web, headers: [("if-none-match", "\"other\"")]))
    #expect(stale.status == 200)
    #expect(stale.body == first.body)
  }

  @Test("another answer has another ETag: another context, another template")
  func changes() async throws {
    let responder = try OFREPTestSupport.responder()
    let web = await responder.respond(to: OFREPTestSupport.post(OFREPTestSupport.bulk, Self.web))
    let ios = await responder.respond(to: OFREPTestSupport.post(OFREPTestSupport.bulk, Self.ios))
    #expect(web.header("ETag") != ios.header("ETag"))
    // A context that changes no value is the same answer.
    let sameValues = await responder.respond(
      to: OFREPTestSupport.post(
        OFREPTestSupport.bulk, #"{"context": {"targetingKey": "u2", "platform": "web"}}"#))
    #expect(sameValues.header("ETag") == web.header("ETag"))

    let current = LockedState(try FlagFixtures.template())
    let reloading = OFREPResponder(
      evaluator: FlagEvaluator(
        source: ClosureFlagSource {
          FlagConfiguration(template: current.withLock { $0 }, now: TestTime.start)
        }))
    let before = await reloading.respond(to: OFREPTestSupport.post(OFREPTestSupport.bulk, "{}"))
    current.withLock {
      $0 = CompiledTemplate(
        (try? Template(
          json: FlagFixtures.templateJSON.replacingOccurrences(
            of: "\"10\"", with: "\"11\""))) ?? Template())
    }
    let after = await reloading.respond(
      to: OFREPTestSupport.post(
        OFREPTestSupport.bulk, "{}", headers: [("If-None-Match", before.header("ETag") ?? "")]))
    #expect(after.status == 200)
    #expect(after.header("ETag") != before.header("ETag"))
    let limit = OFREPTestSupport.json(after)["flags"]?.arrayValue?.first { $0["key"] == "limit" }
    #expect(limit?["value"] == 11)
  }

  @Test("the in-app default with no value known is a flag without a value")
  func codeDefault() async throws {
    let response = try await OFREPTestSupport.responder(defaults: InAppDefaults()).respond(
      to: OFREPTestSupport.post(OFREPTestSupport.bulk, Self.web))
    let json = OFREPTestSupport.json(response)
    #expect(OFREPSchema.bulk(json) == [])
    let deferred = try #require(json["flags"]?.arrayValue?.first { $0["key"] == "deferred" })
    #expect(deferred["value"] == nil)
    #expect(deferred["variant"] == "inAppDefault")
  }

  @Test(
    "eventStreams advertises the server's stream, as ADR 0008 shapes it",
    arguments: [
      (
        try? OFREPEventStream(requestURI: "/ofrep/v1/events"),
        #""eventStreams":[{"type":"sse","endpoint":{"requestUri":"/ofrep/v1/events"}}]}"#
      ),
      (
        try? OFREPEventStream(
          requestURI: "/events?c=1", origin: "https://flags.example.com",
          inactivityDelaySeconds: 60),
        #""eventStreams":[{"type":"sse","endpoint":{"origin":"https://flags.example.com","requestUri":"/events?c=1"},"inactivityDelaySec":60}]}"#
      ),
      (
        try? OFREPEventStream(url: "https://sse.example.com/stream?token=t"),
        #""eventStreams":[{"type":"sse","url":"https://sse.example.com/stream?token=t"}]}"#
      ),
    ])
  func eventStreams(stream: OFREPEventStream?, suffix: String) async throws {
    let stream = try #require(stream)
    let response = try await OFREPTestSupport.responder(eventStream: stream).respond(
      to: OFREPTestSupport.post(OFREPTestSupport.bulk, Self.web))
    #expect(OFREPTestSupport.text(response).hasSuffix(suffix))
    #expect(OFREPSchema.bulk(OFREPTestSupport.json(response)) == [])
  }

  @Test("an event stream that cannot be advertised is refused where it is configured")
  func badEventStreams() {
    #expect(throws: OFREPEventStreamError.self) { try OFREPEventStream(requestURI: "events") }
    #expect(throws: OFREPEventStreamError.self) { try OFREPEventStream(url: "") }
    #expect(throws: OFREPEventStreamError.self) {
      try OFREPEventStream(requestURI: "/e", inactivityDelaySeconds: 0)
    }
  }

  @Test("the change event: an SSE message whose data is refetchEvaluation, id without breaks")
  func changeEvent() throws {
    let event = OFREPEventStream.refetchEvaluationEvent(
      id: "7\r\nevent: x", etag: "\"v13\"",
      lastModified: Date(timeIntervalSince1970: 1_771_622_898.9))
    #expect(
      String(decoding: event, as: UTF8.self)
        == "id: 7event: x\nevent: message\ndata: {\"type\":\"refetchEvaluation\",\"etag\":\"\\\"v13\\\"\",\"lastModified\":1771622898}\n\n"
    )
    let bare = OFREPEventStream.refetchEvaluationEvent()
    #expect(
      String(decoding: bare, as: UTF8.self)
        == "event: message\ndata: {\"type\":\"refetchEvaluation\"}\n\n")
    #expect(
      OFREPEventStream.responseHeaders.map(\.value) == ["text/event-stream", "no-cache"])
  }
}
