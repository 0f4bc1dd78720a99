@testable import ConfigEngine
import Core
import Foundation
@testable import SwitchyardBench
import SwitchyardTestSupport
import Testing

/// The pieces of the evaluation benchmark that can be checked without timing anything: the
/// profiling probe, the files the `switchyard evaluate` figure runs on, and the child process
/// runner that reports its peak memory.
@Suite("switchyard-bench evaluation benchmark")
struct EvaluationBenchmarkTests {
  @Test("__evaluations --count N evaluates N times and prints the count and a checksum")
  func probe() async {
    let (status, capture) = await CapturedBenchIO.run(["__evaluations", "--count", "3"])
    #expect(status == BenchTool.Status.success)
    // The checksum sums the length of param_17's value over the first three contexts.
    let (template, contexts) = EvaluationWorkload.prepared(contexts: 3)
    let lengths = contexts.map {
      template.evaluate($0, now: EvaluationWorkload.now)["param_17"].rawValue.utf8.count
    }
    #expect(capture.outputLines == ["3 evaluations, checksum \(lengths.reduce(0, +))"])
    #expect(capture.error.isEmpty)
  }

  @Test(
    "__evaluations refuses a count that is not a whole number, or none, with a usage error",
    arguments: [
      (["__evaluations", "--count", "many"], "option '--count' needs a whole number, not 'many'"),
      (["__evaluations", "--count", "-1"], "option '--count' needs a whole number, not '-1'"),
      (["__evaluations"], "missing required option '--count'"),
      (["__evaluations", "--rounds", "2"], "unknown option '--rounds'"),
    ])
  func probeUsage(arguments: [String], message: String) async {
    let (status, capture) = await CapturedBenchIO.run(arguments)
    #expect(status == BenchTool.Status.usage)
    #expect(capture.output.isEmpty)
    #expect(
      capture.error
        == "switchyard-bench __evaluations: \(message) (see 'switchyard-bench --help')\n")
  }

  @Test("the files `switchyard evaluate` is timed on hold the in-process benchmark's workload")
  func filesHoldTheWorkload() throws {
    let directory = try TemporaryDirectory()
    let files = try EvaluationWorkload.writeFiles(in: directory.url, contexts: 50)
    let (template, contexts) = EvaluationWorkload.prepared(contexts: 50)
    let read = try #require(
      TemplateReader().read(utf8: try Data(contentsOf: files.template)).template)
    #expect(read.conditions.map(\.name) == template.template.conditions.map(\.name))
    #expect(read.conditions.map(\.condition) == template.template.conditions.map(\.condition))
    let compiled = CompiledTemplate(read)
    for context in contexts {
      let fromFile = compiled.evaluate(context, now: EvaluationWorkload.now)
      let inProcess = template.evaluate(context, now: EvaluationWorkload.now)
      #expect(fromFile.keys == inProcess.keys)
      #expect(fromFile.keys.map { fromFile[$0] } == inProcess.keys.map { inProcess[$0] })
    }
    let lines = try String(decoding: Data(contentsOf: files.contexts), as: UTF8.self)
      .split(separator: "\n")
    #expect(lines.count == 50)
    for (line, context) in zip(lines, contexts) {
      guard case .object(let object) = try JSONParser().parse(Data(line.utf8)) else {
        Issue.record("not an object: \(line)")
        continue
      }
      #expect(try EvaluationContext(json: object) == context)
    }
    let defaults = try InAppDefaults(json: JSONParser().parse(Data(contentsOf: files.defaults)))
    #expect(defaults["param_0"] == "in-app")
  }

  @Test("a measured child runs with its output discarded and reports its peak memory")
  func measuredChild() throws {
    let shell = URL(fileURLWithPath: "/bin/sh")
    let run = try MeasuredChild.run(shell, ["-c", "echo discarded; exit 0"])
    #expect(run.peakResidentBytes > 0)
    #expect(throws: ChildProcessError.self) {
      try MeasuredChild.run(shell, ["-c", "exit 3"])
    }
    let missing = URL(fileURLWithPath: "/nonexistent/switchyard")
    #expect(throws: ChildProcessError.self) { try MeasuredChild.run(missing, []) }
  }
}
