@testable import ConfigEngine
import Core
import FakeGoogle
import Foundation
import SwitchyardTestSupport
import Testing
@testable import switchyard

/// `pull`, `publish`, `versions` and `rollback` end to end: the tool's entry point, real key
/// files on disk, and a fake Google on 127.0.0.1 that checks the JWT and the preconditions.
@Suite("switchyard pull, publish, versions and rollback", .timeLimit(.minutes(3)))
struct FirebaseCommandsTests {
  static let template = """
    {"conditions": [{"name": "ios", "expression": "device.os == 'ios'", "tagColor": "BLUE"}],
     "parameters": {
       "welcome": {"defaultValue": {"value": "hi"},
                   "conditionalValues": {"ios": {"value": "hi iPhone"}},
                   "description": "The greeting", "valueType": "STRING"}},
     "parameterGroups": {"promo": {"description": "Spring", "parameters": {
       "banner": {"defaultValue": {"value": "off"}}}}},
     "futureMember": {"kept": true}}
    """

  @Test("pull prints the current template with the etag Firebase sent and names the version")
  func pullToStandardOutput() async throws {
    try await FirebaseCommandHarness.with { harness in
      let project = FirebaseCommandHarness.project
      try harness.google.publishTemplate(Self.template, project: project)
      let (status, capture) = await harness.run(["pull"])
      #expect(status == .success)
      let pulled = try #require(try JSONParser().parse(Array(capture.output.utf8)).objectValue)
      #expect(pulled["etag"]?.stringValue == harness.google.etag(project: project))
      #expect(pulled["futureMember"] != nil)
      #expect(pulled["parameterGroups"]?["promo"]?["description"]?.stringValue == "Spring")
      #expect(capture.error.contains("version 1"))
      #expect(capture.error.contains(harness.google.etag(project: project) ?? "?"))
      let request = try #require(harness.google.requests(to: .remoteConfig(project: project)).last)
      #expect(request.method == "GET")
    }
  }

  @Test("pull --output writes the file, --version pulls an older one, --server the server template")
  func pullOptions() async throws {
    try await FirebaseCommandHarness.with { harness in
      let project = FirebaseCommandHarness.project
      try harness.google.publishTemplate(Self.template, project: project)
      try harness.google.publishTemplate(#"{"parameters": {}}"#, project: project)
      try harness.google.publishTemplate(
        Self.template, project: project, namespace: .firebaseServer)
      let file = harness.path("old.json")
      let (status, capture) = await harness.run(["pull", "--version", "1", "--output", file])
      #expect(status == .success)
      #expect(capture.output.isEmpty)
      let old = try Template(jsonBytes: Array(try Data(contentsOf: URL(fileURLWithPath: file))))
      #expect(old.parameters.map(\.key).contains("welcome"))
      #expect(capture.error.contains(file))
      let (serverStatus, server) = await harness.run(["pull", "--server"])
      #expect(serverStatus == .success)
      #expect(server.error.contains("firebase-server"))
      #expect(
        harness.google.requests(to: .remoteConfig(project: project, namespace: .firebaseServer))
          .count == 1)
    }
  }

  @Test("a pulled, edited file publishes with If-Match, and unmodelled members survive")
  func pullEditPublish() async throws {
    try await FirebaseCommandHarness.with { harness in
      let project = FirebaseCommandHarness.project
      try harness.google.publishTemplate(Self.template, project: project)
      let file = harness.path("t.json")
      #expect(await harness.run(["pull", "--output", file]).status == .success)
      let text = try String(contentsOfFile: file, encoding: .utf8)
      try text.replacingOccurrences(of: "\"hi iPhone\"", with: "\"hello iPhone\"")
        .write(toFile: file, atomically: true, encoding: .utf8)

      let (status, capture) = await harness.run(["publish", file, "--message", "Warmer iOS"])
      #expect(status == .success, "\(capture.error)")
      let line = try #require(try JSONParser().parse(Array(capture.output.utf8)).objectValue)
      #expect(line["version"]?.doubleValue == 2)
      #expect(line["etag"]?.stringValue == harness.google.etag(project: project, version: 2))
      let put = try #require(
        harness.google.requests(to: .remoteConfig(project: project)).last { $0.method == "PUT" })
      #expect(put.header("If-Match") == harness.google.etag(project: project, version: 1))
      let stored = try #require(harness.google.template(project: project)?.objectValue)
      #expect(stored["futureMember"]?["kept"] == .bool(true))
      #expect(stored["conditions"]?.arrayValue?.first?["tagColor"]?.stringValue == "BLUE")
      #expect(stored["parameters"]?["welcome"]?["description"]?.stringValue == "The greeting")
      #expect(
        stored["parameters"]?["welcome"]?["conditionalValues"]?["ios"]?["value"]?.stringValue
          == "hello iPhone")
      #expect(stored["version"]?["description"]?.stringValue == "Warmer iOS")
    }
  }

  @Test("a template changed on Firebase since the pull is not overwritten: exit 1, how to go on")
  func staleETag() async throws {
    try await FirebaseCommandHarness.with { harness in
      let project = FirebaseCommandHarness.project
      try harness.google.publishTemplate(Self.template, project: project)
      let file = harness.path("t.json")
      #expect(await harness.run(["pull", "--output", file]).status == .success)
      try harness.google.publishTemplate(#"{"parameters": {}}"#, project: project)

      let (status, capture) = await harness.run(["publish", file])
      #expect(status == .failure)
      #expect(capture.output.isEmpty)
      #expect(capture.error.contains("changed on Firebase since \(file) was pulled"))
      #expect(capture.error.contains("--force"))
      #expect(harness.google.currentVersion(project: project) == 2)

      let (forced, _) = await harness.run(["publish", file, "--force"])
      #expect(forced == .success)
      #expect(harness.google.currentVersion(project: project) == 3)
      let put = try #require(
        harness.google.requests(to: .remoteConfig(project: project)).last { $0.method == "PUT" })
      #expect(put.header("If-Match") == "*")
    }
  }

  @Test("a file without an etag is a usage error that says to pull first, unless --force")
  func missingETag() async throws {
    try await FirebaseCommandHarness.with { harness in
      let file = harness.path("fresh.json")
      try Self.template.write(toFile: file, atomically: true, encoding: .utf8)
      let (status, capture) = await harness.run(["publish", file])
      #expect(status == .usage)
      #expect(capture.error.contains("no etag"))
      #expect(capture.error.contains("switchyard pull --output"))
      #expect(harness.google.requests(to: .token).isEmpty)
    }
  }

  @Test("a file with errors is listed as validate lists it, and nothing is sent")
  func invalidFileSendsNothing() async throws {
    try await FirebaseCommandHarness.with { harness in
      let file = harness.path("broken.json")
      let broken = """
        {"etag": "etag-1", "parameters": {"x": {"defaultValue": {"value": "1"},
          "conditionalValues": {"nowhere": {"value": "2"}}}}}
        """
      try broken.write(toFile: file, atomically: true, encoding: .utf8)
      let (status, capture) = await harness.run(["publish", file, "--force"])
      #expect(status == .failure)
      #expect(capture.error.contains("\(file): "))
      #expect(capture.error.contains("nowhere"))
      #expect(capture.error.contains("nothing was sent"))
      #expect(harness.google.server.requests.isEmpty)
    }
  }

  @Test("--validate-only prints {\"valid\":true} and publishes nothing")
  func validateOnly() async throws {
    try await FirebaseCommandHarness.with { harness in
      let project = FirebaseCommandHarness.project
      try harness.google.publishTemplate(Self.template, project: project)
      let file = harness.path("t.json")
      #expect(await harness.run(["pull", "--output", file]).status == .success)
      let (status, capture) = await harness.run(["publish", file, "--validate-only"])
      #expect(status == .success)
      #expect(capture.outputLines == [#"{"valid":true}"#])
      #expect(harness.google.currentVersion(project: project) == 1)
      let put = try #require(
        harness.google.requests(to: .remoteConfig(project: project)).last { $0.method == "PUT" })
      #expect(put.target.contains("validate_only=true"))
    }
  }

  @Test("versions prints one line per version, newest first, up to --limit")
  func versions() async throws {
    try await FirebaseCommandHarness.with { harness in
      let project = FirebaseCommandHarness.project
      for description in ["first", "second", "third"] {
        try harness.google.publishTemplate(
          Self.template, project: project, description: description)
      }
      let (status, capture) = await harness.run(["versions", "--limit", "2"])
      #expect(status == .success)
      let lines = try capture.outputLines.map {
        try #require(try JSONParser().parse(Array($0.utf8)).objectValue)
      }
      #expect(lines.map { $0["versionNumber"]?.doubleValue } == [3, 2])
      #expect(lines.map { $0["description"]?.stringValue } == ["third", "second"])
      #expect(lines[0]["updateOrigin"]?.stringValue == "CONSOLE")
      #expect(lines[0]["updateUser"]?["email"]?.stringValue == "console-user@example.com")
      #expect(
        lines[0].keys.allSatisfy {
          [
            "versionNumber", "updateTime", "updateOrigin", "updateType", "updateUser",
            "description",
          ]
          .contains($0)
        })
    }
  }

  @Test("rollback --to N makes N's template current as a new version and prints it")
  func rollback() async throws {
    try await FirebaseCommandHarness.with { harness in
      let project = FirebaseCommandHarness.project
      try harness.google.publishTemplate(Self.template, project: project)
      try harness.google.publishTemplate(#"{"parameters": {}}"#, project: project)
      let (status, capture) = await harness.run(["rollback", "--to", "1"])
      #expect(status == .success)
      let line = try #require(try JSONParser().parse(Array(capture.output.utf8)).objectValue)
      #expect(line["version"]?.doubleValue == 3)
      #expect(line["etag"]?.stringValue == harness.google.etag(project: project, version: 3))
      let current = try #require(harness.google.template(project: project)?.objectValue)
      #expect(current["parameters"]?["welcome"] != nil)
    }
  }

  @Test("--server publishes, lists and rolls back the firebase-server template, not the client's")
  func serverNamespace() async throws {
    try await FirebaseCommandHarness.with { harness in
      let project = FirebaseCommandHarness.project
      let google = harness.google
      try google.publishTemplate(
        Self.template, project: project, namespace: .firebaseServer, description: "first")
      try google.publishTemplate(#"{"parameters": {}}"#, project: project)
      let file = harness.path("server.json")
      #expect(await harness.run(["pull", "--server", "--output", file]).status == .success)
      let text = try String(contentsOfFile: file, encoding: .utf8)
      try text.replacingOccurrences(of: "\"hi iPhone\"", with: "\"hello iPhone\"")
        .write(toFile: file, atomically: true, encoding: .utf8)

      let (published, publish) = await harness.run([
        "publish", file, "--server", "--message", "Warmer",
      ])
      #expect(published == .success, "\(publish.error)")
      let etag2 = google.etag(project: project, namespace: .firebaseServer, version: 2)
      #expect(publish.outputLines == [#"{"version":2,"etag":"\#(etag2 ?? "?")"}"#])
      let put = try #require(
        google.requests(to: .remoteConfig(project: project, namespace: .firebaseServer)).last {
          $0.method == "PUT"
        })
      #expect(
        put.header("If-Match")
          == google.etag(project: project, namespace: .firebaseServer, version: 1))
      #expect(
        google.template(project: project, namespace: .firebaseServer)?["parameters"]?["welcome"]?[
          "conditionalValues"]?["ios"]?["value"]?.stringValue == "hello iPhone")

      let (listed, versions) = await harness.run(["versions", "--server"])
      #expect(listed == .success)
      let lines = try versions.outputLines.map {
        try #require(try JSONParser().parse(Array($0.utf8)).objectValue)
      }
      #expect(lines.map { $0["versionNumber"]?.doubleValue } == [2, 1])
      #expect(lines.map { $0["description"]?.stringValue } == ["Warmer", "first"])
      #expect(
        google.requests(to: .listVersions(project: project, namespace: .firebaseServer)).count
          == 1)

      let (rolledBack, rollback) = await harness.run(["rollback", "--server", "--to", "1"])
      #expect(rolledBack == .success)
      let etag3 = google.etag(project: project, namespace: .firebaseServer, version: 3)
      #expect(rollback.outputLines == [#"{"version":3,"etag":"\#(etag3 ?? "?")"}"#])
      #expect(
        google.requests(to: .rollback(project: project, namespace: .firebaseServer)).count == 1)
      #expect(
        google.template(project: project, namespace: .firebaseServer)?["parameters"]?["welcome"]?[
          "conditionalValues"]?["ios"]?["value"]?.stringValue == "hi iPhone")
      // The client template was never touched.
      #expect(google.currentVersion(project: project) == 1)
      #expect(google.requests(to: .listVersions(project: project)).isEmpty)
      #expect(google.requests(to: .rollback(project: project)).isEmpty)
    }
  }

  @Test(
    "usage errors exit 2 before anything is sent",
    arguments: [
      ["rollback"], ["rollback", "--to", "0"], ["versions", "--limit", "0"],
      ["pull", "--version", "x"], ["publish"],
    ])
  func usageErrors(arguments: [String]) async throws {
    try await FirebaseCommandHarness.with { harness in
      let (status, _) = await harness.run(arguments)
      #expect(status == .usage)
      #expect(harness.google.server.requests.isEmpty)
    }
  }

  @Test("service failures exit 1 with one line that says what to check")
  func serviceFailures() async throws {
    try await FirebaseCommandHarness.with { harness in
      let project = FirebaseCommandHarness.project
      harness.google.denyAccess(to: project)
      let (denied, capture) = await harness.run(["pull"])
      #expect(denied == .failure)
      #expect(capture.error.split(separator: "\n").count == 1)
      #expect(capture.error.contains("403"))
      #expect(capture.error.contains("roles/firebase.remoteConfig"))

      let (missing, unknown) = await harness.run(["pull", "--project", "no-such-project"])
      #expect(missing == .failure)
      #expect(unknown.error.contains("404"))
    }
  }

  @Test(
    "with no credentials or no project, one line lists what was tried and how to fix it",
    arguments: [
      ([:], ["GOOGLE_APPLICATION_CREDENTIALS", "gcloud auth application-default login"]),
      (
        ["GOOGLE_OAUTH_ACCESS_TOKEN": "ya29.t"], ["No project ID found", "GCLOUD_PROJECT: not set"]
      ),
    ])
  func nothingFound(variables: [String: String], said: [String]) async throws {
    try await FirebaseCommandHarness.with { harness in
      var environment = harness.environment
      environment.variables["GOOGLE_APPLICATION_CREDENTIALS"] = nil
      environment.variables.merge(variables) { $1 }
      let (status, capture) = await CapturedToolIO.run(
        ["versions"], replacing: [.makeVersions(environment: environment)])
      #expect(status == .failure)
      for text in said { #expect(capture.error.contains(text)) }
      #expect(capture.error.hasPrefix("switchyard versions: error: "))
      #expect(capture.error.split(separator: "\n").count == 1)
      #expect(!capture.error.contains("U+000A"))
      #expect(harness.google.server.requests.isEmpty)
    }
  }

  @Test("no access token, refresh token or key ever reaches standard output or error")
  func noSecretsInOutput() async throws {
    try await FirebaseCommandHarness.with { harness in
      let project = FirebaseCommandHarness.project
      try harness.google.publishTemplate(Self.template, project: project)
      let file = harness.path("t.json")
      var captures: [CapturedToolIO] = []
      captures.append(await harness.run(["pull", "--output", file]).capture)
      captures.append(await harness.run(["publish", file, "--force", "--message", "m"]).capture)
      captures.append(await harness.run(["versions"]).capture)
      captures.append(await harness.run(["rollback", "--to", "1"]).capture)
      harness.google.revokeAccessTokens()
      captures.append(await harness.run(["pull"]).capture)
      let secrets = harness.secrets
      #expect(!secrets.isEmpty)
      for capture in captures {
        for secret in secrets {
          #expect(!capture.output.contains(secret))
          #expect(!capture.error.contains(secret))
        }
      }
      let saved = try String(contentsOfFile: file, encoding: .utf8)
      #expect(!secrets.contains { saved.contains($0) })
    }
  }
}
