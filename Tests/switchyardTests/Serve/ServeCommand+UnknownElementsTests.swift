import Core
import Foundation
import SwitchyardTestSupport
import Testing

@testable import switchyard

/// A template with a condition element newer than this version is served, as every evaluation
/// uses it: that condition false, a warning on standard error naming its place, at start and at
/// every template swapped in later. A malformed condition is refused.
extension ServeCommandTests {
  /// `template(banner:version:)` with the condition `paid` written with a string method this
  /// version does not know (`startsWith`): `new_checkout` is "true" only under it.
  static func templateWithUnknownMethod(banner: String = "Welcome", version: Int) -> String {
    template(banner: banner, version: version).replacingOccurrences(
      of: ".exactlyMatches(['paid'])", with: ".startsWith(['pa'])")
  }

  /// The warning about `templateWithUnknownMethod`'s condition, after `switchyard serve: warning: `
  /// and the file's name, if any.
  static let unknownMethodWarning =
    "condition 'paid', column 26: 'app.customSignal['tier'].startsWith(['pa...' is not known to"
    + " this version of Switchyard and is false: 'app.customSignal['tier']' has no method"
    + " 'startsWith'; Firebase's are exactlyMatches, contains, notContains and matches"

  @Test(
    "a template file with an element this version does not know is served with that condition false and a warning"
  )
  func unknownElementInFile() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("t.json", Self.templateWithUnknownMethod(version: 7))
    let serve = try await ServeHarness(["--template", path])
    let answer = try await serve.flag("new_checkout", context: #"{"tier":"paid"}"#)
    #expect(await serve.finish() == .success)
    #expect(
      serve.capture.error.contains(
        "switchyard serve: warning: \(path): \(Self.unknownMethodWarning)"))
    // With the condition known (exactlyMatches) the answer would be true, TARGETING_MATCH.
    #expect(answer["value"] as? Bool == false)
    #expect(answer["reason"] as? String == "DEFAULT")
    #expect(answer["variant"] as? String == "default")
  }

  @Test(
    "a template file whose condition is malformed is refused before serve listens, naming the place",
    arguments: [
      (
        "app.customSignal['tier'].startsWith(pa)",
        "condition 'paid', column 37: expected a literal as an argument: a quoted string, a"
          + " number or a list; write 'pa' in single quotes"
      ),
      (
        "app.customSignal['tier'].exactlyMatches()",
        "condition 'paid', column 41: expected a list of quoted strings such as ['a'] inside"
          + " 'exactlyMatches(...)'"
      ),
    ])
  func malformedConditionInFile(expression: String, error: String) async throws {
    let directory = try TemporaryDirectory()
    let text = Self.template(banner: "Welcome", version: 7).replacingOccurrences(
      of: "app.customSignal['tier'].exactlyMatches(['paid'])", with: expression)
    let path = try directory.write("t.json", text)
    let (status, capture) = await CapturedToolIO.run(["serve", "--template", path])
    #expect(status == .failure)
    #expect(capture.output.isEmpty)
    #expect(capture.error.contains("\(path): is not a valid template: error: \(error)"))
  }
}

extension ServeRefreshTests {
  @Test(
    "a refresh that swaps in a template with an element this version does not know warns about it"
  )
  func refreshWarnsAboutUnknownElements() async throws {
    try await LoopbackHTTPServer.with { server in
      let (serve, clock) = try await Self.serve(server)
      let before = serve.capture.error
      server.serveTemplate(
        at: "/t.json",
        ServeCommandTests.templateWithUnknownMethod(banner: "Hello again", version: 87),
        etag: "\"87\"")
      await Self.round(clock)
      let banner = try await serve.flag("banner")["value"] as? String
      let paid = try await serve.flag("new_checkout", context: #"{"tier":"paid"}"#)
      // The same template again: not modified, nothing new to warn about.
      await Self.round(clock)
      #expect(await serve.finish() == .success)
      #expect(!before.contains("warning"))
      let warnings = serve.capture.error.split(separator: "\n").filter {
        $0 == "switchyard serve: warning: \(ServeCommandTests.unknownMethodWarning)"
      }
      #expect(warnings.count == 1, "\(serve.capture.error)")
      #expect(banner == "Hello again")
      #expect(paid["value"] as? Bool == false)
    }
  }
}
