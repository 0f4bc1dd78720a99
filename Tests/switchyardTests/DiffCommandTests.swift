@testable import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing
@testable import switchyard

@Suite("switchyard diff")
struct DiffCommandTests {
  /// `banner` has values under `beta` (a custom signal) and `ipad` (the idiom the app sets),
  /// in that order; `other` has a value under `ipad` only.
  static func template(
    conditions: [String] = ["beta", "ipad"], beta: String = "beta", grades: String = "[1]",
    version: Int = 1
  ) -> String {
    let expressions = [
      "beta": "app.customSignal['beta'].exactlyMatches(['yes'])",
      "ipad": "app.customSignal['idiom'].exactlyMatches(['pad'])",
    ]
    let list = conditions.map { #"{"name": "\#($0)", "expression": "\#(expressions[$0] ?? "")"}"# }
    return #"""
      {"conditions": [\#(list.joined(separator: ", "))],
       "parameters": {
         "banner": {"defaultValue": {"value": "plain"},
                    "conditionalValues": {"beta": {"value": "\#(beta)"}, "ipad": {"value": "wide"}}},
         "other": {"defaultValue": {"value": "x"}, "conditionalValues": {"ipad": {"value": "y"}}},
         "elementary_supported_grades": {"defaultValue": {"value": "\#(grades)"}}},
       "version": {"versionNumber": "\#(version)"}}
      """#
  }

  /// Context lines: who has the beta signal and who is on an iPad.
  static func contexts(_ users: [(beta: Bool, pad: Bool)]) -> String {
    users.enumerated().map { index, user in
      var signals: [String] = []
      if user.beta { signals.append(#""beta": "yes""#) }
      if user.pad { signals.append(#""idiom": "pad""#) }
      return
        #"{"randomizationId": "u\#(index + 1)", "customSignals": {\#(signals.joined(separator: ", "))}}"#
    }.joined(separator: "\n") + "\n"
  }

  static let now = "2026-06-01T12:00:00Z"

  /// Runs `diff` on the two templates and the contexts (or synthetic users) given.
  static func diff(
    old: String, new: String, contexts: String? = nil, _ arguments: [String] = [],
    in directory: TemporaryDirectory? = nil
  ) async throws -> (switchyard.ExitStatus, CapturedToolIO, TemporaryDirectory) {
    let files = try directory ?? TemporaryDirectory()
    let oldPath = try files.write("old.json", old)
    let newPath = try files.write("new.json", new)
    var population: [String] = []
    if let contexts { population = ["--contexts", try files.write("c.jsonl", contexts)] }
    let (status, capture) = await CapturedToolIO.run(
      ["diff", oldPath, newPath, "--now", now] + population + arguments)
    return (status, capture, files)
  }

  /// Element `index` of an array value, or nil.
  static func at(_ value: JSONValue?, _ index: Int) -> JSONValue? {
    value?.arrayValue?.dropFirst(index).first
  }

  static func json(_ capture: CapturedToolIO) throws -> JSONValue {
    try JSONParser().parse(capture.output)
  }

  @Test("a changed conditional value moves exactly the users whose condition holds")
  func knownUsersMove() async throws {
    // 4 of 10 users have the beta signal; none is on an iPad.
    let users = (1...10).map { (beta: [2, 3, 7, 10].contains($0), pad: false) }
    let (status, capture, _) = try await Self.diff(
      old: Self.template(), new: Self.template(beta: "beta 2"), contexts: Self.contexts(users),
      ["--json"])
    #expect(status == .success)
    let report = try Self.json(capture)
    #expect(report["usersWithChangedValues"] == 4)
    let values = try #require(report["values"]?.arrayValue)
    #expect(values.count == 1)
    #expect(values.first?["key"] == "banner")
    #expect(values.first?["changedUsers"] == 4)
    let transition = try #require(values.first?["transitions"]?.arrayValue?.first)
    #expect(transition["from"] == "beta")
    #expect(transition["to"] == "beta 2")
    #expect(transition["users"] == 4)
    // The example is the first of them in the file, line 2.
    #expect(transition["example"]?["user"]?["line"] == 2)
    #expect(
      transition["example"]?["before"]?["reasons"]
        == [
          "condition 'beta' is true: customSignal 'beta' 'yes' exactly matches one of ['yes']",
          "the value of condition 'beta' applies",
        ])
    #expect(report["routes"]?["routed"] == 0)
  }

  @Test("moving a condition ahead of another changes the winner for users both hold for")
  func reorderChangesWinner() async throws {
    let users: [(beta: Bool, pad: Bool)] =
      [(true, true), (true, false), (false, true), (true, true), (false, false), (true, true)]
    let (status, capture, _) = try await Self.diff(
      old: Self.template(), new: Self.template(conditions: ["ipad", "beta"]),
      contexts: Self.contexts(users), ["--json"])
    #expect(status == .success)
    let report = try Self.json(capture)
    let moved: JSONValue = [["name": "beta", "from": 1, "to": 2]]
    #expect(report["changes"]?["conditions"]?["reordered"] == moved)
    let values = try #require(report["values"]?.arrayValue)
    #expect(values.map { $0["key"] } == ["banner"])
    #expect(values.first?["changedUsers"] == 3)
    let transition = try #require(values.first?["transitions"]?.arrayValue?.first)
    #expect(transition["from"] == "beta")
    #expect(transition["to"] == "wide")
    #expect(transition["example"]?["user"]?["line"] == 1)
    #expect(
      transition["example"]?["after"]?["reasons"]
        == [
          "condition 'ipad' is true: customSignal 'idiom' 'pad' exactly matches one of ['pad']",
          "the value of condition 'ipad' applies",
        ])
  }

  @Test("a reorder of conditions no parameter ranks against each other moves no one")
  func reorderWithoutWinnerChange() async throws {
    // No parameter has a value under both conditions once banner's beta value is gone.
    let old = Self.template().replacingOccurrences(of: #""beta": {"value": "beta"}, "#, with: "")
    let new = Self.template(conditions: ["ipad", "beta"])
      .replacingOccurrences(of: #""beta": {"value": "beta"}, "#, with: "")
    let users: [(beta: Bool, pad: Bool)] = [(true, true), (false, true), (true, false)]
    let (status, capture, _) = try await Self.diff(
      old: old, new: new, contexts: Self.contexts(users), ["--fail-on", "values"])
    #expect(status == .success)
    #expect(capture.output.contains("changes: 1\n  condition 'beta' moved from position 1 to 2\n"))
    #expect(capture.output.contains("values: no user's value changes\n"))
  }

  @Test("a client template and its server-format translation report no change and no impact")
  func crossFormat() async throws {
    let client = try Template(json: SampleTemplate.json)
    var translatable = client
    // The server format has no dateTime: the maintenance window stays out of this template.
    translatable.conditions.removeFirst()
    for index in translatable.parameters.indices {
      translatable.parameters[index].conditionalValues.removeAll {
        $0.conditionName == "year_end_maintenance"
      }
    }
    var server = translatable
    for index in server.conditions.indices {
      server.conditions[index].conditionJSON = try ConditionTreeWriter.tree(
        server.conditions[index].condition)
      server.conditions[index].expression = nil
    }
    let serverText = try server.jsonText()
    #expect(serverText.contains(#""customSignalOperator""#))
    #expect(!serverText.contains(#""expression""#))
    let (status, capture, _) = try await Self.diff(
      old: try translatable.jsonText(), new: serverText,
      ["--users", "3000", "--fail-on", "values", "--fail-on", "routes", "--json"])
    #expect(status == .success)
    let report = try Self.json(capture)
    #expect(report["changes"]?["count"] == 0)
    #expect(report["usersWithChangedValues"] == 0)
    #expect(report["values"] == [])
    #expect(report["routes"]?["changedUsers"] == 0)
    #expect(report["routes"]?["routed"] == 3000)
  }

  /// Scenario lines: two grade-2 children on iPads (one inside the first rollout, one
  /// outside), a grade-1 child, and a context line.
  static let scenarios = [
    #"{"profile": {"stage": "elementary", "year": 2}, "device": {"idiom": "pad"}, "context": {"randomizationId": "user-1"}}"#,
    #"{"profile": {"stage": "elementary", "year": 1}, "device": {"idiom": "pad"}, "context": {"randomizationId": "user-2"}}"#,
    #"{"profile": {"stage": "elementary", "year": 2}, "device": {"idiom": "pad"}, "context": {"randomizationId": "user-3"}}"#,
    #"{"randomizationId": "user-4", "customSignals": {"beta": "yes"}}"#,
  ].joined(separator: "\n")

  @Test(
    "--fail-on exits 1 only when what it names moved, and 0 otherwise or without it",
    arguments: [
      // (new template's beta value, new grades, --fail-on, expected status)
      ("beta 2", "[1]", ["values"], switchyard.ExitStatus.failure),
      ("beta 2", "[1]", ["routes"], .success),
      ("beta", "[1, 2]", ["routes"], .failure),
      ("beta", "[1, 2]", ["values"], .failure),
      ("beta 2", "[1, 2]", [], .success),
      ("beta", "[1]", ["values", "routes"], .success),
    ])
  func failOn(
    beta: String, grades: String, failOn: [String], status expected: switchyard.ExitStatus
  )
    async throws
  {
    let (status, capture, _) = try await Self.diff(
      old: Self.template(), new: Self.template(beta: beta, grades: grades),
      contexts: Self.scenarios, failOn.flatMap { ["--fail-on", $0] })
    #expect(status == expected)
    #expect(capture.error.isEmpty)
  }

  @Test("the text for a small case: the change, the population, values and routes")
  func text() async throws {
    let (status, capture, files) = try await Self.diff(
      old: Self.template(), new: Self.template(beta: "beta 2", grades: "[1, 2]", version: 2),
      contexts: Self.scenarios)
    #expect(status == .success)
    let (old, new, contexts) = (
      files.path("old.json"), files.path("new.json"), files.path("c.jsonl")
    )
    #expect(
      capture.output == """
        diff \(old) (version 1) -> \(new) (version 2)

        changes: 2
          parameter 'banner' changed
            value under 'beta' "beta" -> "beta 2"
          parameter 'elementary_supported_grades' changed
            default value "[1]" -> "[1, 2]"

        population: 4 users from \(contexts), 3 routed, 1 only evaluated, at 2026-06-01T12:00:00Z unless a line gives its own

        values: 4 users (100.0%) get another value for 2 keys
          'elementary_supported_grades': 4 users (100.0%)
            "[1]" -> "[1, 2]": 4 users
              e.g. line 1: user-1, signedIn, elementary year 2, pad, app 2.3.0
                before: "[1]"
                  no conditional values; the parameter's default value applies
                after:  "[1, 2]"
                  no conditional values; the parameter's default value applies
          'banner': 1 user (25.0%)
            "beta" -> "beta 2": 1 user
              e.g. line 4: {"randomizationId":"user-4","customSignals":{"beta":"yes"}}
                before: "beta"
                  condition 'beta' is true: customSignal 'beta' 'yes' exactly matches one of ['yes']
                  the value of condition 'beta' applies
                after:  "beta 2"
                  condition 'beta' is true: customSignal 'beta' 'yes' exactly matches one of ['yes']
                  the value of condition 'beta' applies
          unchanged for every user: 11 keys (elementary_daily_goal_minutes, elementary_enabled, elementary_home_sections, force_alert_information, isUnderMaintenance, junior_high_enabled, junior_high_home_tabs, maintenanceMessage, and 3 more)

        routes: 2 of 3 routed users (66.7%) change route
          unavailable -> elementary: 2 users
            e.g. line 1: user-1, signedIn, elementary year 2, pad, app 2.3.0
              before: unavailable (portrait, portraitUpsideDown, landscapeLeft, landscapeRight)
                - config: activated
                - elementary course not yet open for grade 2
                - junior high course is for junior-high grades; this user is elementary 2
                - no registered feature serves elementary 2
              after:  elementary (landscapeLeft, landscapeRight)
                - config: activated
                - elementary course is open for grade 2 on this iPad
          screens, before -> after:
            unavailable  2  -> 0
            elementary   1  -> 3

        """)
  }

  @Test("--json prints one object with the change, the population, values and routes")
  func jsonShape() async throws {
    let (status, capture, files) = try await Self.diff(
      old: Self.template(), new: Self.template(beta: "beta 2", grades: "[1, 2]", version: 2),
      contexts: Self.scenarios, ["--json"])
    #expect(status == .success)
    #expect(capture.outputLines.count == 1)
    let report = try Self.json(capture)
    #expect(
      report.objectValue?.keys == [
        "old", "new", "changes", "population", "usersWithChangedValues", "values",
        "unchangedKeys", "routes",
      ])
    #expect(report["old"] == ["file": .string(files.path("old.json")), "version": 1])
    #expect(report["new"]?["version"] == 2)
    let expectedChanges: JSONValue = [
      "count": 2,
      "parameters": [
        "added": [], "removed": [],
        "changed": [
          [
            "key": "banner", "changesValues": true,
            "what": [
              [
                "aspect": "conditionalValue", "condition": "beta", "from": ["value": "beta"],
                "to": ["value": "beta 2"],
              ]
            ],
          ],
          [
            "key": "elementary_supported_grades", "changesValues": true,
            "what": [
              ["aspect": "defaultValue", "from": ["value": "[1]"], "to": ["value": "[1, 2]"]]
            ],
          ],
        ],
      ],
      "conditions": ["added": [], "removed": [], "changed": [], "reordered": []],
    ]
    #expect(report["changes"] == expectedChanges)
    let population: JSONValue = [
      "source": "contexts", "file": .string(files.path("c.jsonl")), "users": 4, "routed": 3,
      "now": "2026-06-01T12:00:00Z",
    ]
    #expect(report["population"] == population)
    #expect(Self.at(report["values"], 0)?["otherTransitions"] == 0)
    #expect(Self.at(report["values"], 0)?["otherUsers"] == 0)
    let example = try #require(Self.at(Self.at(report["values"], 0)?["transitions"], 0)?["example"])
    // A routed user's example is the scenario line that replays it with `route --scenarios`.
    let scenario: JSONValue = [
      "session": "signedIn", "profile": ["stage": "elementary", "year": 2],
      "app": ["version": "2.3.0"], "device": ["idiom": "pad"],
      "context": ["randomizationId": "user-1"],
    ]
    #expect(example["user"] == ["line": 1, "scenario": scenario])
    #expect(example["before"]?["value"] == "[1]")
    #expect(example["after"]?["value"] == "[1, 2]")
    #expect(report["unchangedKeys"]?.arrayValue?.count == 11)
    let routes = try #require(report["routes"])
    #expect(routes["routed"] == 3)
    #expect(routes["changedUsers"] == 2)
    let transition = try #require(Self.at(routes["transitions"], 0))
    #expect(transition["from"] == ["screen": "unavailable"])
    #expect(transition["to"] == ["screen": "elementary"])
    #expect(transition["users"] == 2)
    #expect(transition["example"]?["user"]?["line"] == 1)
    #expect(transition["example"]?["after"]?["screen"] == "elementary")
    #expect(
      transition["example"]?["after"]?["orientations"] == ["landscapeLeft", "landscapeRight"])
    #expect(
      transition["example"]?["after"]?["reasons"]
        == ["config: activated", "elementary course is open for grade 2 on this iPad"])
    #expect(
      routes["screens"]
        == [
          ["screen": "unavailable", "before": 2, "after": 0],
          ["screen": "elementary", "before": 1, "after": 3],
        ])
  }

  @Test("the same seed gives the same report")
  func deterministic() async throws {
    let files = try TemporaryDirectory()
    let arguments = [
      "diff", try files.write("old.json", Self.template()),
      try files.write("new.json", Self.template(beta: "beta 2", grades: "[1, 2]")),
      "--users", "5000", "--seed", "7", "--now", Self.now, "--json",
    ]
    let (_, first) = await CapturedToolIO.run(arguments)
    let (_, second) = await CapturedToolIO.run(arguments)
    #expect(first.output == second.output)
    #expect(try Self.json(first)["routes"]?["changedUsers"]?.doubleValue ?? 0 > 0)
  }

  @Test(
    "a bad context line or an unusable template exits 1 naming the file and the line",
    arguments: [
      (
        "{}\n{\"randomizationId\": 3}\n",
        "c.jsonl: line 2: context field 'randomizationId': expected a string, found a number"
      ),
      ("{}\nnot json\n{\"tier\": 1}\n", "c.jsonl: line 2: not JSON: expected 'null' at column 1"),
      (
        "{\"device\": {\"idiom\": \"watch\"}}\n",
        "c.jsonl: line 1: field 'device.idiom': expected one of \"phone\", \"pad\", found \"watch\""
      ),
      ("[1]\n", "c.jsonl: line 1: expected a JSON object, found an array"),
    ])
  func badLine(contexts: String, message: String) async throws {
    let (status, capture, _) = try await Self.diff(
      old: Self.template(), new: Self.template(), contexts: contexts)
    #expect(status == .failure)
    #expect(capture.output.isEmpty)
    #expect(capture.error.hasPrefix("switchyard diff: error: "))
    #expect(capture.error.hasSuffix(message + "\n"))
  }

  @Test("an unreadable or invalid template exits 1 naming it")
  func badTemplate() async throws {
    let (status, capture, _) = try await Self.diff(old: Self.template(), new: "{")
    #expect(status == .failure)
    #expect(capture.error.contains("new.json: invalid template: line 1, column 2"))
    let files = try TemporaryDirectory()
    let (missing, missingCapture) = await CapturedToolIO.run([
      "diff", files.path("absent.json"), try files.write("t.json", Self.template()),
    ])
    #expect(missing == .failure)
    #expect(missingCapture.error.contains("absent.json: cannot be read: no such file"))
  }

  @Test(
    "a wrong command line is a usage error, exit 2",
    arguments: [
      (["diff", "a.json"], "expected 2 arguments, got 1"),
      (
        ["diff", "a.json", "b.json", "--fail-on", "screens"],
        "option '--fail-on': expected values or routes, got 'screens'"
      ),
      (
        ["diff", "a.json", "b.json", "--contexts", "c.jsonl", "--users", "5"],
        "option '--users' describes a synthetic population; it cannot be combined with '--contexts'"
      ),
      (
        ["diff", "a.json", "b.json", "--users", "0"],
        "option '--users' needs an integer in 1...1000000, got '0'"
      ),
      (
        ["diff", "a.json", "b.json", "--now", "soon"],
        "option '--now': invalid timestamp \"soon\" at column 1: expected 4 digits for the year"
      ),
    ])
  func usage(arguments: [String], message: String) async {
    let (status, capture) = await CapturedToolIO.run(arguments)
    #expect(status == .usage)
    #expect(capture.error == "switchyard diff: \(message) (see 'switchyard help diff')\n")
  }

  @Test("an empty contexts file is a population of no one, and nothing moves")
  func emptyContexts() async throws {
    let (status, capture, _) = try await Self.diff(
      old: Self.template(), new: Self.template(beta: "beta 2"), contexts: "",
      ["--fail-on", "values"])
    #expect(status == .success)
    #expect(capture.output.contains("population: 0 users from "))
    #expect(capture.output.contains(", none routed, "))
    #expect(capture.output.contains("values: no user's value changes\n"))
  }

  @Test("contexts can come from standard input")
  func standardInput() async throws {
    let files = try TemporaryDirectory()
    let old = try files.write("old.json", Self.template())
    let new = try files.write("new.json", Self.template(beta: "beta 2"))
    let (status, capture) = await CapturedToolIO.run(
      ["diff", old, new, "--contexts", "-", "--fail-on", "values"],
      input: [#"{"customSignals": {"beta": "yes"}}"#, "{}"])
    #expect(status == .failure)
    #expect(capture.output.contains("population: 2 users from -, none routed"))
    #expect(capture.output.contains("routes: no user was routed"))
  }

  @Test("--html writes one page that fetches nothing and shows hostile template text as text")
  func html() async throws {
    let hostile = #"</script><script>alert("x")</script><b onclick='y'>&amp;"#
    let escapedHostile = String(JSONValue.string(hostile).jsonText.dropFirst().dropLast())
    let new = Self.template(beta: escapedHostile, grades: "[1, 2]")
      .replacingOccurrences(
        of: #""other": {"#, with: #""<i>k</i>": {"defaultValue": {"value": "1"}}, "other": {"#)
    let files = try TemporaryDirectory()
    let (status, capture, _) = try await Self.diff(
      old: Self.template(), new: new, contexts: Self.scenarios,
      ["--html", files.path("report.html")], in: files)
    #expect(status == .success)
    #expect(capture.output.hasPrefix("diff "), "the text is printed as well")
    let page = try String(contentsOfFile: files.path("report.html"), encoding: .utf8)
    #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
    #expect(page.contains("<style>"))
    #expect(page.contains("<svg"))
    for external in ["<script", "src=", "href=\"http", "url(", "@import", "<link"] {
      #expect(!page.lowercased().contains(external), "\(external)")
    }
    #expect(!page.contains("<b onclick"))
    #expect(!page.contains("<i>k</i>"))
    #expect(
      page.contains(
        #"&lt;/script&gt;&lt;script&gt;alert(\&quot;x\&quot;)&lt;/script&gt;"#
          + "&lt;b onclick=&#39;y&#39;&gt;&amp;amp;"))
    #expect(page.contains("&lt;i&gt;k&lt;/i&gt;"))
    #expect(page.contains("unavailable \u{2192} elementary: 2 users"))
  }

  @Test("--html names the file it cannot write, exit 1")
  func htmlUnwritable() async throws {
    let files = try TemporaryDirectory()
    let (status, capture, _) = try await Self.diff(
      old: Self.template(), new: Self.template(), ["--html", files.path("no/such/dir/r.html")],
      in: files)
    #expect(status == .failure)
    #expect(capture.error.contains("r.html': its directory does not exist"))
  }
}
