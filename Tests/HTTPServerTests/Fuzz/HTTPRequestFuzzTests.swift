import Core
import SwitchyardTestSupport
import Testing

@testable import HTTPServer

/// Deterministic fuzzing of what a client can send: damaged, spliced and pipelined requests,
/// split at random points, through the connection's machine (thousands, without sockets) and
/// through a running server on 127.0.0.1 (fewer, with its loop). Nothing traps or hangs, the
/// bytes a connection holds stay within the limits, and every input gets well-formed answers
/// (the server's own error last and in OFREP's shape) or a close.
@Suite("HTTPServer request fuzzing", FuzzBudget.timeLimit(minutes: 3))
struct HTTPRequestFuzzTests {
  /// Small limits, so the inputs reach them often.
  static let limits = HTTPRequestParser.Limits(maximumHeadBytes: 1_024, maximumBodyBytes: 2_048)

  /// The rules each input is held to.
  struct Rules {
    var wellFormed = FuzzFailures(
      "what the connection writes is whole, well-formed responses, the server's own error last")
    var answered = FuzzFailures("every request the handler got is answered, in order")
    var bounded = FuzzFailures(
      "a connection holds at most a head, a body and one read of request bytes")
    var ends = FuzzFailures("the connection closes once the client has closed")
    var handled = 0
    var refused = 0
  }

  /// Feeds `input` to a machine in random pieces (`ConnectionDrive`) and holds what it did
  /// to the rules.
  static func drive(
    _ input: [UInt8], seed: UInt64, iteration: Int, random: inout SeededRandomGenerator,
    rules: inout Rules
  ) {
    let maximumRead = 4_096
    let bound = limits.maximumHeadBytes + limits.maximumBodyBytes + maximumRead
    let drive = ConnectionDrive(input, limits: limits) {
      1 + random.length(upTo: 64, rarely: maximumRead - 1)
    }
    let (output, methods) = (drive.output, drive.methods)
    rules.handled += methods.count
    if drive.mostHeld > bound {
      rules.bounded.add(
        seed: seed, iteration: iteration, input: input, "held \(drive.mostHeld) bytes")
    }
    if !drive.closed {
      rules.ends.add(seed: seed, iteration: iteration, input: input, "still open")
    }
    var check = ResponseStreamCheck()
    if let problem = check.problem(in: output, requestMethods: methods) {
      rules.wellFormed.add(seed: seed, iteration: iteration, input: input, problem)
    }
    let served = check.statuses.filter { $0 == 200 }.count
    if served != methods.count {
      rules.answered.add(
        seed: seed, iteration: iteration, input: input,
        "\(methods.count) requests handled, \(served) answered")
    }
    if check.statuses.last.map(ResponseStreamCheck.serverStatuses.contains) == true {
      rules.refused += 1
    }
  }

  @Test("the seeds are served whole, in order")
  func seedsAreServed() {
    var random = SeededRandomGenerator(seed: 1)
    for (index, input) in HTTPRequestCorpus.requests.enumerated() {
      var rules = Rules()
      Self.drive(input, seed: 0, iteration: index, random: &random, rules: &rules)
      #expect(rules.handled > 0, "seed \(index)")
      #expect(rules.refused == 0, "seed \(index)")
      rules.wellFormed.expectNone()
      rules.answered.expectNone()
    }
  }

  @Test("12,000 damaged requests through the connection's machine are answered or closed")
  func machine() {
    var rules = Rules()
    for seed in FuzzBudget.seeds([0x4854_5450_0001, 0x4854_5450_0002, 0x4854_5450_0003]) {
      var random = SeededRandomGenerator(seed: seed)
      for iteration in 0..<4_000 {
        let input = HTTPRequestCorpus.input(&random)
        Self.drive(input, seed: seed, iteration: iteration, random: &random, rules: &rules)
      }
    }
    #expect(rules.handled > 1_000)
    #expect(rules.refused > 1_000)
    rules.wellFormed.expectNone()
    rules.answered.expectNone()
    rules.bounded.expectNone()
    rules.ends.expectNone()
  }

  @Test("600 damaged requests through a running server are answered or closed")
  func server() async throws {
    var configuration = HTTPServerConfiguration(port: 0)
    configuration.maximumHeadBytes = Self.limits.maximumHeadBytes
    configuration.maximumBodyBytes = Self.limits.maximumBodyBytes
    var failures = FuzzFailures(
      "what the server writes is whole, well-formed responses, the server's own error last")
    var served = 0
    try await RunningServer.with(configuration, handler: { ConnectionDrive.answer($0) }) { server in
      for seed in FuzzBudget.seeds([0x4854_5450_1001]) {
        var random = SeededRandomGenerator(seed: seed)
        for iteration in 0..<600 {
          let input = HTTPRequestCorpus.input(&random)
          let client = try server.connect()
          try await client.send(input)
          client.finishSending()
          let output = try await client.readUntilClosed()
          var check = ResponseStreamCheck()
          // Methods are unknown here: a HEAD's answer has no body, which the check reads
          // as the next response's start and reports; the seeds' HEAD closes at once.
          if let problem = check.problem(in: output, requestMethods: Self.methods(in: input)) {
            failures.add(seed: seed, iteration: iteration, input: input, problem)
          }
          served += check.statuses.count
          client.close()
        }
      }
    }
    #expect(served > 300)
    failures.expectNone()
  }

  /// The methods of the requests in `input` as a parser would see them: the first word of
  /// each line after a blank one. Only what the check needs to know a HEAD's answer.
  static func methods(in input: [UInt8]) -> [String] {
    var parser = HTTPRequestParser(limits: limits)
    parser.append(input)
    var methods: [String] = []
    while case .request(let parsed) = parser.next() { methods.append(parsed.request.method) }
    return methods
  }
}
