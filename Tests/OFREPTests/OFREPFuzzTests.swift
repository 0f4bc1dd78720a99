import Core
import Foundation
import OFREP
import SwitchyardTestSupport
import Testing

/// Deterministic fuzzing of what a client sends the OFREP responder: evaluation contexts
/// damaged member by member with hostile values (numbers no type holds, long, control and
/// bidirectional text, nesting, the wrong kinds), raw bytes cut, flipped and spliced, and flag
/// keys escaped every way in the path. Every request gets an answer in OFREP's shapes: 200
/// with a success (single) or every flag (bulk), 404 `FLAG_NOT_FOUND`, or 400 with a code and
/// details that are one readable line of bounded length; never a trap, never another status.
@Suite("OFREP request fuzzing", FuzzBudget.timeLimit(minutes: 2))
struct OFREPFuzzTests {
  /// Contexts a client might send, from which the damaged ones start.
  static let contexts: [JSONValue] = [
    .object(JSONObject([("targetingKey", .string("user-1"))])),
    .object(
      JSONObject([
        ("targetingKey", .string("user-2")), ("beta", .string("true")),
        ("grade", .number(JSONNumber(4))),
        ("appVersion", .string("2.3.0")), ("platform", .string("ios")),
        ("customSignals", .object(JSONObject([("tier", .string("paid"))]))),
        ("audiences", .array([.string("a")])), ("now", .string("2026-12-01T09:00:00+09:00")),
      ])),
  ]

  /// The paths asked: the bulk one, and single flags in and out of the template, escaped.
  static let paths = [
    OFREPTestSupport.bulk, OFREPTestSupport.single + "welcome", OFREPTestSupport.single + "limit",
    OFREPTestSupport.single + "enabled", OFREPTestSupport.single + "missing",
    OFREPTestSupport.single + "%77elcome", OFREPTestSupport.single + "%E5%90%8D",
    OFREPTestSupport.single + "%ZZ", OFREPTestSupport.single + "%00", OFREPTestSupport.single + "%",
    OFREPTestSupport.single + String(repeating: "k", count: 5_000),
  ]

  struct Rules {
    var shape = FuzzFailures("every answer is one of OFREP's shapes for its status")
    var status = FuzzFailures("every answer is 200, 400 or 404")
    var details = FuzzFailures("errorDetails is one readable line of bounded length")
    var answered: [Int: Int] = [:]

    mutating func check(
      _ response: OFREPResponse, path: String, body: [UInt8], seed: UInt64, iteration: Int
    ) {
      answered[response.status, default: 0] += 1
      let json = OFREPTestSupport.json(response)
      let bulk = path == OFREPTestSupport.bulk
      let problems: [String]
      switch response.status {
      case 200: problems = bulk ? OFREPSchema.bulk(json) : OFREPSchema.success(json)
      case 400: problems = OFREPSchema.failure(json, keyed: !bulk)
      case 404: problems = bulk ? ["bulk is never 404"] : OFREPSchema.failure(json, notFound: true)
      default:
        status.add(seed: seed, iteration: iteration, input: body, "\(response.status) for \(path)")
        return
      }
      if !problems.isEmpty {
        shape.add(
          seed: seed, iteration: iteration, input: body,
          "\(path) \(response.status): \(problems.joined(separator: "; "))")
      }
      if response.status != 200, let text = json["errorDetails"]?.stringValue,
        let why = ErrorTextRule.lineProblem(text)
      {
        details.add(seed: seed, iteration: iteration, input: body, why)
      }
    }

    func expectNone() {
      shape.expectNone()
      status.expectNone()
      details.expectNone()
    }
  }

  @Test(
    "contexts damaged member by member are answered in OFREP's shapes",
    arguments: FuzzBudget.seeds([1, 2, 3]))
  func damagedContexts(seed: UInt64) async throws {
    let responder = try OFREPTestSupport.responder()
    var random = SeededRandomGenerator(seed: seed)
    var rules = Rules()
    for iteration in 0..<1_500 {
      var context = random.pick(Self.contexts)
      for _ in 0...random.below(3) {
        context = HostileJSON.mutate(context, random: &random)
      }
      let document = JSONValue.object(JSONObject([("context", context)]))
      let body = Array(document.jsonText.utf8)
      let path = random.pick(Self.paths)
      let response = await responder.respond(
        to: OFREPRequest(method: "POST", path: path, body: body))
      rules.check(response, path: path, body: body, seed: seed, iteration: iteration)
    }
    rules.expectNone()
    // The damage reached both sides: some contexts still evaluate, some are refused.
    #expect(rules.answered[200, default: 0] > 0)
    #expect(rules.answered[400, default: 0] > 0)
  }

  @Test(
    "bodies damaged byte by byte are answered in OFREP's shapes",
    arguments: FuzzBudget.seeds([11, 12]))
  func damagedBytes(seed: UInt64) async throws {
    let responder = try OFREPTestSupport.responder()
    var random = SeededRandomGenerator(seed: seed)
    var rules = Rules()
    let originals = Self.contexts.map {
      Array(JSONValue.object(JSONObject([("context", $0)])).jsonText.utf8)
    }
    for iteration in 0..<1_500 {
      let body = ByteMutator.mutate(random.pick(originals), donors: originals, random: &random)
      let path = random.pick(Self.paths)
      let response = await responder.respond(
        to: OFREPRequest(method: "POST", path: path, body: body))
      rules.check(response, path: path, body: body, seed: seed, iteration: iteration)
    }
    rules.expectNone()
    #expect(rules.answered[400, default: 0] > 0)
  }
}
