import Testing

@testable import switchyard

@Suite("switchyard bench, moved")
struct BenchCommandTests {
  @Test(
    "bench names the tool the benchmarks moved to, as a usage error, whatever was asked",
    arguments: [
      ([], "run 'swift run -c release switchyard-bench'"),
      (["--only", "evaluation"], "run 'swift run -c release switchyard-bench --only evaluation'"),
    ])
  func moved(arguments: [String], instead: String) async {
    let (status, capture) = await CapturedToolIO.run(["bench"] + arguments)
    #expect(status == .usage)
    #expect(capture.output.isEmpty)
    #expect(
      capture.error
        == "switchyard bench: the benchmarks moved to their own tool; \(instead) "
        + "(see 'switchyard help bench')\n")
  }

  @Test("the benchmark probes are no longer commands of the tool")
  func probesGone() async {
    for probe in ["__client-first-read", "__client-activate"] {
      let (status, capture) = await CapturedToolIO.run([probe, "--key", "a"])
      #expect(status == .usage)
      #expect(capture.error.contains("unknown command '\(probe)'"))
    }
  }
}
