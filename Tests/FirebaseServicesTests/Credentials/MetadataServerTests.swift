import Core
import FakeGoogle
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("MetadataServer")
struct MetadataServerTests {
  @Test("a server that answers with Metadata-Flavor: Google is present after one request")
  func present() async throws {
    try await FakeGoogle.with { google in
      let metadata = try google.startMetadataServer()
      let server = try MetadataServer(
        host: metadata.host, time: ManualTimeSource(now: TestTime.start))
      #expect(await server.detect() == .present)
      let probes = metadata.requests(to: .probe)
      #expect(probes.count == 1)
      #expect(probes.first?.header("Metadata-Flavor") == "Google")
    }
  }

  @Test("an impostor that answers without the header is absent at once, without a retry")
  func impostor() async throws {
    try await FakeGoogle.with { google in
      let metadata = try google.startMetadataServer()
      metadata.isImpostor = true
      let server = try MetadataServer(
        host: metadata.host, time: ManualTimeSource(now: TestTime.start))
      #expect(
        await server.detect()
          == .absent(
            "http://\(metadata.host)/ answered HTTP 200 without Metadata-Flavor: Google, so it "
              + "is not a metadata server"))
      #expect(metadata.requests(to: .probe).count == 1)
    }
  }

  @Test(
    "an answer other than 200 is absent at once, even with Metadata-Flavor: Google",
    arguments: [404, 403, 500])
  func notOK(status: Int) async throws {
    try await FakeGoogle.with { google in
      let metadata = try google.startMetadataServer()
      metadata.enqueue(
        .probe,
        LoopbackResponse(status: status, headers: [(name: "Metadata-Flavor", value: "Google")]))
      let server = try MetadataServer(
        host: metadata.host, time: ManualTimeSource(now: TestTime.start))
      #expect(
        await server.detect()
          == .absent(
            "http://\(metadata.host)/ answered HTTP \(status), not 200, so it is not a metadata "
              + "server"))
      #expect(metadata.requests(to: .probe).count == 1)
    }
  }

  @Test("a silent host is given up after two attempts of 1 second each on the clock")
  func silentHost() async throws {
    try await FakeGoogle.with { google in
      let metadata = try google.startMetadataServer()
      metadata.isStalled = true
      let time = ManualTimeSource(now: TestTime.start)
      let server = try MetadataServer(host: metadata.host, time: time)
      let detection = Task { await server.detect() }
      for _ in 0..<2 {
        await time.waitForSleepers(count: 1)
        time.advance(by: .seconds(1))
      }
      #expect(
        await detection.value
          == .absent("no answer from http://\(metadata.host)/ within 1.0 s"))
      #expect(time.now == TestTime.start + 2)
    }
  }

  @Test("a host where nothing listens is absent after a retry, saying the connection was refused")
  func nothingListens() async throws {
    let closed = try ClosedLoopbackPort()
    let server = try MetadataServer(
      host: "127.0.0.1:\(closed.port)", time: ManualTimeSource(now: TestTime.start))
    guard case .absent(let reason) = await server.detect() else {
      Issue.record("a closed port was taken for a metadata server")
      return
    }
    #expect(reason == "cannot connect to http://127.0.0.1:\(closed.port): connection refused")
  }

  @Test("a probe that got no answer is retried once, and a second answer is believed")
  func retryAfterNoAnswer() async throws {
    try await FakeGoogle.with { google in
      let metadata = try google.startMetadataServer()
      metadata.enqueue(.probe, .stall)
      let time = ManualTimeSource(now: TestTime.start)
      let server = try MetadataServer(host: metadata.host, time: time)
      let detection = Task { await server.detect() }
      // The stalled probe has arrived (so the retry is the second request, which answers)
      // and its deadline is waiting.
      _ = await metadata.server.waitForRequests(count: 1)
      await time.waitForSleepers(count: 1)
      time.advance(by: .seconds(1))
      #expect(await detection.value == .present)
      #expect(metadata.requests(to: .probe).count == 2)
    }
  }
}
