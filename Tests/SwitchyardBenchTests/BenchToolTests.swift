import Testing

@testable import SwitchyardBench

@Suite("switchyard-bench command line")
struct BenchToolTests {
  @Test(
    "a wrong command line is a usage error naming what is wrong, and runs nothing",
    arguments: [
      (["--only"], "switchyard-bench: option '--only' needs a value"),
      (
        ["--only", "speed"],
        "switchyard-bench: no benchmark named 'speed'; have: evaluation, flags, simulate, routing, client, diff, http-server, ofrep"
      ),
      (
        ["--only", "evaluation", "--lines", "many"],
        "switchyard-bench: option '--lines' needs a whole number from 1 to 10000000, not 'many'"
      ),
      (
        ["--lines", "0"],
        "switchyard-bench: option '--lines' needs a whole number from 1 to 10000000, not '0'"
      ),
      (["--fast"], "switchyard-bench: unknown option '--fast'"),
      (["load"], "switchyard-bench load: missing required option '--url'"),
      (
        ["load", "--url", "https://t/x"],
        "switchyard-bench load: '--url' must be http://host:port/path, not 'https://t/x'"
      ),
      (
        ["load", "--url", "http://t:0/x"],
        "switchyard-bench load: '--url' has no port 1...65535: 'http://t:0/x'"
      ),
      (
        ["load", "--url", "http://t/x", "--connections", "0"],
        "switchyard-bench load: option '--connections' needs a whole number from 1 to 10000, not '0'"
      ),
      (
        ["__client-activate", "--cache", "x"],
        "switchyard-bench __client-activate: unknown option '--cache'"
      ),
    ])
  func usage(arguments: [String], message: String) async {
    let (status, capture) = await CapturedBenchIO.run(arguments)
    #expect(status == BenchTool.Status.usage)
    #expect(capture.output.isEmpty)
    #expect(capture.error == message + " (see 'switchyard-bench --help')\n")
  }

  @Test("--help lists every benchmark with what it measures")
  func help() async {
    let (status, capture) = await CapturedBenchIO.run(["--help"])
    #expect(status == BenchTool.Status.success)
    #expect(
      capture.outputLines.first
        == "USAGE: swift run -c release switchyard-bench [--only NAME] [--lines N]")
    #expect(capture.output.contains("  --lines N  "))
    for benchmark in Benchmark.all {
      #expect(capture.output.contains("  \(benchmark.name)  "))
      #expect(capture.output.contains(benchmark.summary))
    }
  }
}
