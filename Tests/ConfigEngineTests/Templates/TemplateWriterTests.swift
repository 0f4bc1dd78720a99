import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("TemplateWriter")
struct TemplateWriterTests {
  /// The document `text` holds, written on one line: the form two documents are compared in,
  /// so member order counts as well as content.
  private static func compact(_ text: String) throws -> String {
    try JSONParser().parse(text).jsonText
  }

  /// Element `index` of an array value, or nil.
  private static func element(_ value: JSONValue?, _ index: Int) -> JSONValue? {
    value?.arrayValue?.dropFirst(index).first
  }

  /// Reads `text`, writes it back and checks the output is the same document, member order
  /// included, and reads back as an equal template.
  private static func expectRoundTrip(
    _ text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let template = try #require(TemplateReader().read(text).template)
    let written = try template.jsonText()
    #expect(try compact(written) == compact(text), sourceLocation: sourceLocation)
    #expect(try Template(json: written) == template, sourceLocation: sourceLocation)
  }

  @Test(
    "every fixture, client and server format, writes back as the same document",
    arguments: ["client-template.json", "server-template.json"])
  func fixtures(name: String) throws {
    try Self.expectRoundTrip(try TemplateFixtures.text(name))
  }

  @Test("the written text is indented by two spaces, or on one line when not pretty")
  func textForms() throws {
    let template = try Template(json: #"{"parameters": {"p": {"defaultValue": {"value": "x"}}}}"#)
    #expect(
      try TemplateWriter().text(template)
        == "{\n  \"parameters\": {\n    \"p\": {\n      \"defaultValue\": {\n        \"value\": \"x\"\n      }\n    }\n  }\n}"
    )
    #expect(
      try TemplateWriter().text(template, pretty: false)
        == #"{"parameters":{"p":{"defaultValue":{"value":"x"}}}}"#)
  }

  /// Unknown members at each level of a template: the template, its location, the warning's
  /// location.
  static let unknownMembers: [(String, String)] = [
    (#"{"$schema": "x", "parameters": {}}"#, "$schema"),
    (#"{"conditions": [{"name": "c", "expression": "true", "note": [1]}]}"#, "condition 'c'.note"),
    (
      #"{"conditions": [{"name": "c", "condition": {"name": "", "true": {}}}]}"#,
      "condition 'c'.condition.name"
    ),
    (
      #"{"conditions": [{"name": "c", "condition": {"orCondition": {"conditions": [{"andCondition": {"conditions": [{"percent": {"percentOperator": "LESS_OR_EQUAL", "microPercent": 5, "x": null}}]}}]}}}]}"#,
      "condition 'c'.condition.orCondition.conditions[0].andCondition.conditions[0].percent.x"
    ),
    (
      #"{"parameters": {"p": {"owner": "team", "defaultValue": {"value": "1"}}}}"#,
      "parameters.p.owner"
    ),
    (
      #"{"parameters": {"p": {"defaultValue": {"value": "1", "note": {"a": 1}}}}}"#,
      "parameters.p.defaultValue.note"
    ),
    (
      #"{"conditions": [{"name": "c", "expression": "true"}], "parameters": {"p": {"conditionalValues": {"c": {"note": 1, "value": "1"}}}}}"#,
      "parameters.p.conditionalValues.c.note"
    ),
    (
      #"{"parameterGroups": {"g": {"parameters": {"p": {"defaultValue": {"value": "1"}}}, "color": "red"}}}"#,
      "parameterGroups.g.color"
    ),
    (
      #"{"parameterGroups": {"g": {"parameters": {"p": {"defaultValue": {"value": "1"}, "x": 1}}}}}"#,
      "parameterGroups.g.parameters.p.x"
    ),
    (#"{"version": {"versionNumber": "3", "reviewer": "ann"}}"#, "version.reviewer"),
  ]

  @Test(
    "unknown members at every level are warned about by place and written back where they were",
    arguments: unknownMembers)
  func unknownMembersRoundTrip(text: String, location: String) throws {
    let problems = TemplateReader().read(text).problems.filter {
      $0.message.contains("no parameter uses") == false
    }
    #expect(problems.map(\.location) == [location])
    #expect(problems.allSatisfy { $0.severity == .warning })
    try Self.expectRoundTrip(text)
  }

  @Test(
    "what Firebase defines but Switchyard does not model is kept silently and written back",
    arguments: [
      #"{"version": {"versionNumber": "42", "updateTime": "2025-01-06T03:00:00.000000Z", "updateUser": {"email": "a@example.com", "name": "A"}, "updateOrigin": "CONSOLE", "updateType": "ROLLBACK", "rollbackSource": "41", "description": "fix", "isLegacy": false}, "etag": "etag-1-42"}"#,
      #"{"version": {"versionNumber": 42}}"#,
      #"{"parameters": {"p": {"defaultValue": {"value": "x"}, "valueType": "PARAMETER_VALUE_TYPE_UNSPECIFIED"}}}"#,
      #"{"conditions": [{"name": "c", "expression": "true", "tagColor": "DEEP_ORANGE"}], "parameters": {"p": {"conditionalValues": {"c": {"value": "x"}}, "description": "d"}}}"#,
      #"{"conditions": [{"name": "c", "expression": "true"}], "parameters": {"p": {"defaultValue": {"rolloutValue": {"rolloutId": "r1", "value": "on", "percent": 50}}, "conditionalValues": {"c": {"personalizationValue": {"personalizationId": "p1"}}}}}}"#,
      #"{"conditions": [{"name": "c", "expression": "true"}], "parameters": {"p": {"conditionalValues": {"c": {"experimentValue": {"experimentId": "e", "variantValue": [{"variantId": "a", "value": "1"}, {"variantId": "b", "noChange": true}], "exposurePercent": 10}}}}}}"#,
    ])
  func firebaseMembersRoundTrip(text: String) throws {
    #expect(
      !TemplateReader().read(text).problems.contains {
        $0.message.hasPrefix("unknown member")
      })
    try Self.expectRoundTrip(text)
  }

  @Test("an unknown valueType is warned about, kept, and replaced once a known one is set")
  func unknownValueType() throws {
    let text = #"{"parameters": {"p": {"valueType": "INT", "defaultValue": {"value": "1"}}}}"#
    try Self.expectRoundTrip(text)
    var template = try Template(json: text)
    #expect(template.parameters[0].valueType == nil)
    template.parameters[0].valueType = .number
    #expect(
      try template.jsonDocument().jsonText
        == #"{"parameters":{"p":{"valueType":"NUMBER","defaultValue":{"value":"1"}}}}"#)
  }

  @Test("member order is kept at every level, whatever it was")
  func memberOrder() throws {
    try Self.expectRoundTrip(
      """
      {"etag": "e", "version": {"description": "d", "versionNumber": "1"},
       "parameters": {"z": {"valueType": "STRING", "description": "last first",
         "conditionalValues": {"b": {"value": "2"}, "a": {"value": "1"}},
         "defaultValue": {"value": "0"}}, "a": {"defaultValue": {"useInAppDefault": true}}},
       "parameterGroups": {"g2": {"parameters": {}, "description": "empty"}, "g1": {"parameters": {"k": {}}}},
       "conditions": [{"tagColor": "BLUE", "expression": "true", "name": "b"},
         {"expression": "false", "name": "a"}]}
      """)
  }

  @Test("empty containers as read are written back; absent ones stay absent")
  func emptyContainers() throws {
    try Self.expectRoundTrip(
      #"{"conditions": [], "parameters": {"p": {"conditionalValues": {}}}, "parameterGroups": {}}"#)
    try Self.expectRoundTrip(#"{"parameters": {"p": {}}}"#)
    try Self.expectRoundTrip("{}")
  }

  @Test("an expression is written back as spelled, and one that does not parse as it was")
  func expressionSpelling() throws {
    let spelled =
      #"{"conditions": [{"name": "c", "expression": "percent   <=  10.50 &&app.version.>=(['1'])"}]}"#
    try Self.expectRoundTrip(spelled)
    let broken = #"{"conditions": [{"name": "c", "expression": "device.os = 'ios'"}]}"#
    let template = try #require(TemplateReader().read(broken).template)
    #expect(try template.jsonDocument() == JSONParser().parse(broken))
  }

  // MARK: Edits

  @Test("edits to values, conditional values, conditions and groups show in the output")
  func edits() throws {
    var template = try Template(json: try TemplateFixtures.text("client-template.json"))
    let welcome = try #require(template.parameters.firstIndex { $0.key == "welcome_message" })
    template.parameters[welcome].defaultValue = .value("Hello")
    template.parameters[welcome].conditionalValues.append(
      ConditionalValue(conditionName: "new_app", value: .value("New!")))
    template.parameters[welcome].description = nil
    template.conditions.reverse()
    template.parameters.append(
      TemplateParameter(key: "home_title", defaultValue: .value("Home"), group: "home"))
    template.parameters.append(
      TemplateParameter(key: "fresh", defaultValue: .useInAppDefault, group: "new_group"))
    template.parameters.removeAll { $0.key == "use_new_player" }
    template.versionNumber = 43

    let document = try template.jsonDocument()
    let written = try #require(document.objectValue)
    #expect(
      written["conditions"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        == ["new_app", "paid_users", "ios_jp"])
    let parameters = try #require(written["parameters"]?.objectValue)
    #expect(parameters.keys == ["welcome_message", "experiment_banner"])
    #expect(
      parameters["welcome_message"]
        == [
          "defaultValue": ["value": "Hello"],
          "conditionalValues": [
            "paid_users": ["value": "Welcome back, supporter"], "ios_jp": ["value": "ようこそ"],
            "new_app": ["value": "New!"],
          ],
          "valueType": "STRING",
        ])
    #expect(
      written["parameterGroups"]?["home"]?["parameters"]?.objectValue?.keys
        == ["home_tabs", "home_title"])
    #expect(
      written["parameterGroups"]?["new_group"]
        == ["parameters": ["fresh": ["defaultValue": ["useInAppDefault": true]]]])
    #expect(written["version"]?["versionNumber"] == "43")
    #expect(written["version"]?["updateUser"] == ["email": "someone@example.com"])
    let reread = try Template(json: document.jsonText)
    #expect(reread.parameters == template.parameters)
    #expect(reread.conditions == template.conditions)
    #expect(reread.parameterGroups.map(\.name) == ["home", "new_group"])
    #expect(reread.version == template.version)
  }

  @Test("a changed condition is spelled anew in its template's format; an unchanged one is not")
  func changedConditions() throws {
    var client = try Template(json: try TemplateFixtures.text("client-template.json"))
    client.conditions[0].condition = .and([
      .signal(SignalCondition(.platform, .string(.equals, ["android"]))),
      .percent(PercentCondition(seed: "s1", range: .between(lower: 0, upper: 12_500_000))),
    ])
    let clientDocument = try client.jsonDocument()
    #expect(
      clientDocument["conditions"]?.arrayValue?.map { $0["expression"] }
        == [
          "device.os == 'android' && percent('s1') between 0 and 12.5",
          "app.customSignal['tier'].exactlyMatches(['paid', 'gold'])",
          "app.version.>=(['3.0.0'])",
        ])
    #expect(
      try Template(json: clientDocument.jsonText).conditions.map(\.condition)
        == client.conditions.map(\.condition))

    var server = try Template(json: try TemplateFixtures.text("server-template.json"))
    server.conditions[1].condition = .or([
      .percent(PercentCondition(range: .atMost(5))),
      .signal(SignalCondition(.customSignal("v"), .version(.greaterOrEqual, ["2.1"]))),
    ])
    let serverDocument = try server.jsonDocument()
    #expect(
      Self.element(serverDocument["conditions"], 1)
        == [
          "name": "ten_percent",
          "condition": [
            "orCondition": [
              "conditions": [
                ["percent": ["percentOperator": "LESS_OR_EQUAL", "microPercent": 5]],
                [
                  "customSignal": [
                    "customSignalOperator": "SEMANTIC_VERSION_GREATER_EQUAL",
                    "customSignalKey": "v", "targetCustomSignalValues": ["2.1"],
                  ]
                ],
              ]
            ]
          ],
        ])
    let original = try JSONParser().parse(try TemplateFixtures.text("server-template.json"))
    #expect(
      Self.element(serverDocument["conditions"], 0) == Self.element(original["conditions"], 0))
    #expect(
      try Template(json: serverDocument.jsonText).conditions[1].condition
        == server.conditions[1].condition)
  }

  @Test("a template made in code is written in Firebase's member order and reads back equal")
  func madeInCode() throws {
    var template = Template(
      conditions: [
        NamedCondition(
          name: "ios", condition: .signal(SignalCondition(.platform, .string(.equals, ["ios"]))))
      ],
      parameters: [
        TemplateParameter(
          key: "k", defaultValue: .value("1"),
          conditionalValues: [ConditionalValue(conditionName: "ios", value: .value("2"))],
          description: "d", valueType: .number)
      ], versionNumber: 5, etag: "e")
    template.otherMembers["extra"] = true
    #expect(
      try template.jsonDocument().jsonText
        == #"{"conditions":[{"name":"ios","expression":"device.os == 'ios'"}],"#
        + #""parameters":{"k":{"defaultValue":{"value":"1"},"conditionalValues":{"ios":{"value":"2"}},"#
        + #""description":"d","valueType":"NUMBER"}},"version":{"versionNumber":"5"},"etag":"e","extra":true}"#
    )
    let reread = try Template(json: try template.jsonText())
    #expect(reread.parameters == template.parameters)
    #expect(reread.conditions.map(\.condition) == template.conditions.map(\.condition))
    let tree = Template(conditions: [NamedCondition(name: "any", condition: .or([.constant(true)]))]
    )
    #expect(
      Self.element(try tree.jsonDocument()["conditions"], 0)?["expression"] == "true",
      "a single-member or is one atom")
    let orTree = Template(
      conditions: [
        NamedCondition(name: "any", condition: .or([.constant(true), .constant(false)]))
      ])
    #expect(
      Self.element(try orTree.jsonDocument()["conditions"], 0)?["condition"]
        == ["orCondition": ["conditions": [["true": [:]], ["false": [:]]]]])
  }

  @Test("for publishing, version keeps only its description and etag is left out")
  func publishing() throws {
    let template = try Template(
      json:
        #"{"x": 1, "parameters": {}, "version": {"versionNumber": "4", "updateTime": "t", "description": "why"}, "etag": "e"}"#
    )
    #expect(
      try TemplateWriter(purpose: .publishing).document(template).jsonText
        == #"{"x":1,"parameters":{},"version":{"description":"why"}}"#)
    let undescribed = try Template(json: #"{"version": {"versionNumber": "4"}, "etag": "e"}"#)
    #expect(try TemplateWriter(purpose: .publishing).document(undescribed).jsonText == "{}")
  }

  @Test("an edit Firebase's format cannot hold is an error naming the place")
  func unwritable() throws {
    var client = try Template(json: try TemplateFixtures.text("client-template.json"))
    client.conditions[1].condition = .or([.constant(true), .constant(false)])
    #expect(throws: TemplateWriteError.self) { try client.jsonDocument() }
    do {
      _ = try client.jsonDocument()
    } catch {
      #expect(error.location == "condition 'paid_users'")
      #expect(error.message.contains("no '||'"))
    }

    var server = try Template(json: try TemplateFixtures.text("server-template.json"))
    server.conditions[0].condition = .signal(
      SignalCondition(.platform, .string(.equals, ["ios"])))
    #expect(throws: TemplateWriteError.self) { try server.jsonDocument() }

    var twice = Template()
    twice.parameters = [
      TemplateParameter(key: "k", defaultValue: nil),
      TemplateParameter(key: "k", defaultValue: nil),
    ]
    #expect(
      throws: TemplateWriteError(
        at: "parameters.k", "two parameters in one object have this key")
    ) { try twice.jsonDocument() }
  }
}
