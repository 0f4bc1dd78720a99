import Core
import FakeGoogle
import Foundation
import HTTPTransport
import SwitchyardTestSupport
import Testing

@testable import switchyard

/// `switchyard serve --firebase-server` against a fake Google on 127.0.0.1: the project's
/// server template, fetched with the service account's token, answered over OFREP.
@Suite("switchyard serve --firebase-server", .timeLimit(.minutes(2)))
struct ServeFirebaseServerTests {
  @Test(
    "the project's server template is served over OFREP; no token reaches the output or the log"
  )
  func servesTheServerTemplate() async throws {
    try await FirebaseCommandHarness.with { harness in
      try harness.google.publishTemplate(
        FirebaseServerCommandsTests.template(greeting: "hi"),
        project: FirebaseCommandHarness.project, namespace: .firebaseServer)
      let serve = try await ServeHarness(
        ["--firebase-server", "--access-log"], clock: harness.time,
        variables: harness.environment.variables)
      let paid = try await serve.send(
        "POST", "/ofrep/v1/evaluate/flags/welcome",
        json: #"{"context":{"targetingKey":"u1","tier":"paid"}}"#)
      let free = try await serve.send(
        "POST", "/ofrep/v1/evaluate/flags/welcome", json: #"{"context":{"targetingKey":"u1"}}"#)
      #expect(await serve.finish() == .success)
      let paidAnswer = try ServeHarness.object(paid)
      #expect(paidAnswer["value"] as? String == "hello supporter")
      #expect(paidAnswer["reason"] as? String == "TARGETING_MATCH")
      #expect(try ServeHarness.object(free)["value"] as? String == "hi")
      #expect(harness.google.issuedAccessTokens.count == 1)
      for secret in harness.secrets {
        #expect(!serve.capture.output.contains(secret))
        #expect(!serve.capture.error.contains(secret))
      }
    }
  }
}
