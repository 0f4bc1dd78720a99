import Core
import FakeGoogle
import Foundation
@testable import HTTPTransport
import SwitchyardTestSupport
import Testing

@Suite("FakeMetadataServer")
struct FakeMetadataServerTests {
  typealias Calls = FakeGoogleCalls
  static let flavor = [(name: "Metadata-Flavor", value: "Google")]

  @Test("the probe answers 200 with Metadata-Flavor: Google, with or without the header")
  func probe() async throws {
    try await FakeGoogle.with { google in
      let metadata = try google.startMetadataServer()
      #expect(metadata.host == "127.0.0.1:\(metadata.server.port)")
      for headers in [Self.flavor, []] {
        let response = try await Calls.send(metadata.url(.probe), headers: headers)
        #expect(response.status == 200)
        #expect(response.header("Metadata-Flavor") == "Google")
      }
      #expect(metadata.requests(to: .probe).count == 2)
    }
  }

  @Test("a token needs the Metadata-Flavor header, and the fake's Remote Config APIs know it")
  func token() async throws {
    try await FakeGoogle.with { google in
      let metadata = try google.startMetadataServer()
      metadata.tokenLifetime = 1967
      let refused = try await Calls.send(metadata.url(.token))
      #expect(refused.status == 403)
      #expect(google.issuedAccessTokens.isEmpty)
      let url = try #require(
        URL(string: metadata.url(.token).absoluteString + "?scopes=a,b"))
      let response = try await Calls.send(url, headers: Self.flavor)
      #expect(response.status == 200)
      #expect(response.header("Metadata-Flavor") == "Google")
      let body = try Calls.object(response)
      #expect(body["access_token"] == "ya29.fake-1")
      #expect(body["expires_in"] == 1967)
      #expect(body["token_type"] == "Bearer")
      #expect(google.issuedAccessTokens == ["ya29.fake-1"])
      #expect(metadata.requests(to: .token).last?.target.hasSuffix("?scopes=a,b") == true)
    }
  }

  @Test("the project id is answered as text, with the header only")
  func projectID() async throws {
    try await FakeGoogle.with { google in
      let metadata = try google.startMetadataServer(projectID: "from-metadata")
      #expect(try await Calls.send(metadata.url(.projectID)).status == 403)
      let response = try await Calls.send(metadata.url(.projectID), headers: Self.flavor)
      #expect(response.status == 200)
      #expect(String(decoding: response.body, as: UTF8.self) == "from-metadata")
      metadata.projectID = "moved"
      let moved = try await Calls.send(metadata.url(.projectID), headers: Self.flavor)
      #expect(String(decoding: moved.body, as: UTF8.self) == "moved")
    }
  }

  @Test("an impostor answers 200 to everything, without Metadata-Flavor")
  func impostor() async throws {
    try await FakeGoogle.with { google in
      let metadata = try google.startMetadataServer()
      metadata.isImpostor = true
      for endpoint in FakeMetadataServer.Endpoint.allCases {
        let response = try await Calls.send(metadata.url(endpoint), headers: Self.flavor)
        #expect(response.status == 200)
        #expect(response.header("Metadata-Flavor") == nil)
      }
      #expect(google.issuedAccessTokens.isEmpty)
    }
  }

  @Test("a stalled server never answers; the client's deadline ends the probe")
  func stalled() async throws {
    try await FakeGoogle.with { google in
      let metadata = try google.startMetadataServer()
      metadata.isStalled = true
      let time = ManualTimeSource(now: TestTime.start)
      let request = HTTPRequest(url: metadata.url(.probe), headers: Self.flavor)
      let probe = Task {
        try await HTTPClient(time: time).send(request, timeout: .seconds(1), maximumBodyBytes: 1024)
      }
      _ = await metadata.server.waitForRequests(count: 1)
      await time.waitForSleepers(count: 1)
      time.advance(by: .seconds(2))
      await #expect(throws: HTTPError.timeout) { try await probe.value }
    }
  }
}
