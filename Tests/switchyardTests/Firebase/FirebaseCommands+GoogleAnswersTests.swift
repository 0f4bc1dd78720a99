@testable import ConfigEngine
import Core
import FakeGoogle
import Foundation
import SwitchyardTestSupport
import Testing
@testable import switchyard

/// Google's answers are Google's: `pull`, `publish` and `rollback` take a template Google
/// answered with whatever its conditions hold (firebase-admin-node's recorded `TEST_RESPONSE`,
/// whose condition is `exp`), and say what Switchyard cannot read or evaluate as warnings.
extension FirebaseCommandsTests {
  static let resource = FakeGoogleEndpoint.remoteConfig(project: FirebaseCommandHarness.project)
  static let exp = "admin_TEST_RESPONSE.json"
  /// The warning every command prints about `exp`.
  static let expWarning =
    ": warning: condition 'ios', column 1: 'exp' is not known to this version of Switchyard and"
    + " is false: unknown signal 'exp'"

  /// A file pulled from the fake, ready to publish.
  static func pulledFile(_ harness: FirebaseCommandHarness) async throws -> String {
    try harness.google.publishTemplate(Self.template, project: FirebaseCommandHarness.project)
    let file = harness.path("t.json")
    #expect(await harness.run(["pull", "--output", file]).status == .success)
    return file
  }

  @Test("a publish Google answered with 'exp' is a success: the version line, and a warning")
  func publishAnsweredWithExp() async throws {
    try await FirebaseCommandHarness.with { harness in
      let file = try await Self.pulledFile(harness)
      harness.google.enqueue(
        Self.resource, try GoogleRecorded.response(Self.exp, headers: [("ETag", "etag-86")]))
      let (status, capture) = await harness.run(["publish", file])
      #expect(status == .success, "\(capture.error)")
      #expect(capture.outputLines == [#"{"version":86,"etag":"etag-86"}"#])
      #expect(capture.error.contains("switchyard publish" + Self.expWarning))
      #expect(capture.error.contains("is now version 86"))
    }
  }

  @Test("a validation Google answered with 'exp' prints {\"valid\":true} and a warning")
  func validateAnsweredWithExp() async throws {
    try await FirebaseCommandHarness.with { harness in
      let file = try await Self.pulledFile(harness)
      harness.google.enqueue(
        Self.resource, try GoogleRecorded.response(Self.exp, headers: [("ETag", "etag-0")]))
      let (status, capture) = await harness.run(["publish", file, "--validate-only"])
      #expect(status == .success, "\(capture.error)")
      #expect(capture.outputLines == [#"{"valid":true}"#])
      #expect(capture.error.contains("switchyard publish" + Self.expWarning))
    }
  }

  @Test("a rollback Google answered with 'exp' is a success: the version line, and a warning")
  func rollbackAnsweredWithExp() async throws {
    try await FirebaseCommandHarness.with { harness in
      harness.google.enqueue(
        .rollback(project: FirebaseCommandHarness.project),
        try GoogleRecorded.response(Self.exp, headers: [("ETag", "etag-86")]))
      let (status, capture) = await harness.run(["rollback", "--to", "85"])
      #expect(status == .success, "\(capture.error)")
      #expect(capture.outputLines == [#"{"version":86,"etag":"etag-86"}"#])
      #expect(capture.error.contains("switchyard rollback" + Self.expWarning))
    }
  }

  @Test("pull writes Google's template as sent, 'exp' and all, with its etag and a warning")
  func pullOfExp() async throws {
    try await FirebaseCommandHarness.with { harness in
      harness.google.enqueue(
        Self.resource, try GoogleRecorded.response(Self.exp, headers: [("ETag", "etag-86")]))
      let file = harness.path("exp.json")
      let (status, capture) = await harness.run(["pull", "--output", file])
      #expect(status == .success, "\(capture.error)")
      let written = try String(contentsOfFile: file, encoding: .utf8)
      var expected = try #require(
        try JSONParser().parse(try GoogleRecorded.bytes(Self.exp)).objectValue)
      expected["etag"] = "etag-86"
      #expect(written == JSONValue.object(expected).prettyJSONText + "\n")
      #expect(capture.error.contains("switchyard pull" + Self.expWarning))
      #expect(capture.error.contains("version 86 of switchyard-fixtures's firebase template"))

      // The file is a person's now: validate refuses 'exp', with the hint, and so does
      // publish's own check, before anything is sent.
      let (validated, check) = await CapturedToolIO.run(["validate", file])
      #expect(validated == .failure)
      #expect(check.output.contains("needs a newer Switchyard"))
      let requests = harness.google.server.requests.count
      let (published, publish) = await harness.run(["publish", file])
      #expect(published == .failure)
      #expect(publish.error.contains("needs a newer Switchyard"))
      #expect(publish.error.contains("nothing was sent"))
      #expect(harness.google.server.requests.count == requests)
    }
  }

  @Test("pull's output for an ordinary template is what the template writer wrote before")
  func pullShape() async throws {
    try await FirebaseCommandHarness.with { harness in
      let project = FirebaseCommandHarness.project
      try harness.google.publishTemplate(Self.template, project: project)
      let (status, capture) = await harness.run(["pull"])
      #expect(status == .success)
      #expect(!capture.error.contains("warning"))
      let stored = try #require(harness.google.template(project: project))
      var read = try Template(json: stored.jsonText)
      read.etag = harness.google.etag(project: project)
      #expect(capture.output == (try TemplateWriter(purpose: .document).text(read)) + "\n")
    }
  }

  @Test("a publish Google accepted with an answer that is no template says it was made: exit 1")
  func publishAcceptedButUnreadable() async throws {
    try await FirebaseCommandHarness.with { harness in
      let file = try await Self.pulledFile(harness)
      harness.google.enqueue(Self.resource, .ok("<html>ok</html>", etag: "etag-2"))
      let (status, capture) = await harness.run(["publish", file])
      #expect(status == .failure)
      #expect(capture.output.isEmpty)
      #expect(capture.error.contains("so it was made"))
      #expect(capture.error.contains("rather than making the change again"))
    }
  }
}
