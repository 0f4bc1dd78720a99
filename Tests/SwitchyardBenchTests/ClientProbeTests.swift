import ConfigClient
import Core
import Foundation
import SwitchyardTestSupport
import Testing

@testable import SwitchyardBench

@Suite("switchyard-bench client benchmark probes")
struct ClientProbeTests {
  static let template = #"{"parameters": {"a": {"defaultValue": {"value": "cached"}}}}"#

  @Test("__client-first-read prints a value from a warm cache without a network")
  func firstRead() async throws {
    let files = try TemporaryDirectory()
    let client = RemoteConfigClient(
      source: InMemoryTemplateSource([.template(Self.template)]),
      store: FileConfigStore(directoryPath: files.url.path, namespace: "probe"))
    _ = try await client.fetchAndActivate()
    let (status, capture) = await CapturedBenchIO.run([
      "__client-first-read", "--cache", files.url.path, "--namespace", "probe", "--key", "a",
    ])
    #expect(status == BenchTool.Status.success)
    #expect(capture.outputLines == ["cached"])
    #expect(capture.error.isEmpty)
  }

  @Test("__client-first-read on an empty cache prints the empty static value")
  func emptyCache() async throws {
    let files = try TemporaryDirectory()
    let (status, capture) = await CapturedBenchIO.run([
      "__client-first-read", "--cache", files.url.path, "--key", "a",
    ])
    #expect(status == BenchTool.Status.success)
    #expect(capture.outputLines == [""])
  }

  @Test("__client-activate prints peak memory before and after, the time and the changed keys")
  func activate() async throws {
    let files = try TemporaryDirectory()
    let path = try files.write("t.json", Self.template)
    let (status, capture) = await CapturedBenchIO.run(["__client-activate", "--template", path])
    #expect(status == BenchTool.Status.success)
    let fields = try #require(capture.outputLines.first).split(separator: " ")
    #expect(fields.count == 4 && fields.last == "1")
  }

  @Test("__start prints one line, the baseline the warm-start figures compare with")
  func start() async {
    let (status, capture) = await CapturedBenchIO.run(["__start"])
    #expect(status == BenchTool.Status.success)
    #expect(capture.outputLines == ["started"])
  }

  @Test("the probes run but are not listed in --help")
  func hidden() async {
    let (_, capture) = await CapturedBenchIO.run(["--help"])
    #expect(capture.output.contains("evaluation"))
    #expect(!capture.output.contains("__"))
    let (status, missing) = await CapturedBenchIO.run(["__client-first-read", "--key", "a"])
    #expect(status == BenchTool.Status.usage)
    #expect(
      missing.error
        == "switchyard-bench __client-first-read: missing required option '--cache' "
        + "(see 'switchyard-bench --help')\n")
  }
}
