@testable import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing
@testable import switchyard

@Suite("The built-in sample and the commands that use it")
struct SampleCommandsTests {
  @Test("the built-in sample is a valid template without a single warning")
  func sampleIsValid() {
    #expect(TemplateValidator().validate(utf8: Array(SampleTemplate.json.utf8)) == [])
  }

  @Test("every module's keys assemble without a clash, and the sample sets only known keys")
  func keysAssemble() throws {
    let app = try AppComposition.standard()
    #expect(app.catalog.modules == ["RootRouting", "ElementaryFeature", "JuniorHighFeature"])
    let template = try Template(json: SampleTemplate.json)
    for parameter in template.parameters {
      #expect(app.catalog.owner(of: parameter.key) == parameter.group, "\(parameter.key)")
    }
  }

  @Test("evaluate uses the sample when no template is given")
  func evaluateSample() async throws {
    let (status, capture) = await CapturedToolIO.run(["evaluate"])
    #expect(status == .success)
    let values = try JSONParser().parse(try #require(capture.outputLines.first))
    #expect(values["elementary_supported_grades"]?["value"] == "[1]")
    #expect(values["x_campaign_for_ios"]?["source"] == "remote")
  }

  @Test("home prints the junior-high model with the day's share card")
  func juniorHighHome() async throws {
    let (status, capture) = await CapturedToolIO.run([
      "home", "--stage", "juniorHigh", "--year", "2", "--idiom", "pad", "--now",
      "2026-12-13T09:00:00+09:00",
    ])
    #expect(status == .success)
    let home = try JSONParser().parse(try #require(capture.outputLines.first))
    #expect(home.objectValue?.keys.first == "feature")
    #expect(home["feature"] == "juniorHigh")
    #expect(home["tabs"] == ["today", "lessons", "practice", "ranking", "profile"])
    // Day 13 of a 12-picture campaign wraps around to picture 1.
    #expect(
      home["shareCard"]?["background"] == "https://cdn.example.com/campaigns/winter2026/back_01.png"
    )
    #expect(home["shareCard"]?["text"] == "Day 13 of the #WinterQuiz! Can you beat my score?")
  }

  @Test("outside the campaign the card has the built-in pictures and no text")
  func homeOutsideCampaign() async throws {
    let (_, capture) = await CapturedToolIO.run([
      "home", "--stage", "juniorHigh", "--year", "2", "--idiom", "phone", "--now",
      "2027-01-10T09:00:00+09:00",
    ])
    let home = try JSONParser().parse(try #require(capture.outputLines.first))
    #expect(home["shareCard"]?["text"] == .null)
    #expect(home["tabs"] == ["today", "lessons", "practice", "profile"])
  }

  @Test("home prints the elementary model, or the screen and reasons when no feature serves")
  func elementaryHome() async throws {
    let (_, served) = await CapturedToolIO.run([
      "home", "--stage", "elementary", "--year", "1", "--idiom", "pad",
    ])
    let home = try JSONParser().parse(try #require(served.outputLines.first))
    #expect(home["feature"] == "elementary")
    #expect(home["dailyGoalMinutes"] == 10)
    let (status, refused) = await CapturedToolIO.run([
      "home", "--stage", "elementary", "--year", "1", "--idiom", "phone",
    ])
    #expect(status == .success)
    let answer = try JSONParser().parse(try #require(refused.outputLines.first))
    #expect(answer["screen"] == "unavailable")
    #expect(
      answer["reasons"]?.arrayValue?.contains("elementary course is iPad-only; this is a phone")
        == true)
  }

  @Test("home needs a stage, a year and an idiom")
  func homeUsage() async {
    let (status, capture) = await CapturedToolIO.run([
      "home", "--stage", "elementary", "--year", "1",
    ])
    #expect(status == .usage)
    #expect(capture.error.contains("missing required option '--idiom'"))
  }

  @Test("simulate is deterministic for a seed and accounts for every user")
  func simulate() async throws {
    let arguments = [
      "simulate", "--users", "500", "--seed", "7", "--now", "2026-12-01T00:00:00Z", "--json",
    ]
    let (status, first) = await CapturedToolIO.run(arguments)
    let (_, second) = await CapturedToolIO.run(arguments)
    #expect(status == .success)
    #expect(first.output == second.output)
    let report = try JSONParser().parse(try #require(first.outputLines.first))
    let screens = try #require(report["screens"]?.objectValue)
    #expect(screens.map { $0.value.doubleValue ?? 0 }.reduce(0, +) == 500)
    #expect(screens["updateRequired"] != nil)
    let elementary = try #require(report["features"]?["elementary"])
    #expect(elementary["serves"]?["elementary course is open for grade 2 on this iPad"] != nil)
    let (_, otherSeed) = await CapturedToolIO.run([
      "simulate", "--users", "500", "--seed", "8", "--now", "2026-12-01T00:00:00Z", "--json",
    ])
    #expect(otherSeed.output != first.output)
  }

  @Test("simulate prints each screen's share for people")
  func simulateText() async throws {
    let (status, capture) = await CapturedToolIO.run([
      "simulate", "--users", "200", "--now", "2026-12-01T00:00:00Z",
    ])
    #expect(status == .success)
    #expect(capture.outputLines.first == "200 simulated users (seed 1) through built-in sample")
    #expect(capture.output.contains("\nscreens\n"))
    #expect(capture.output.contains("elementary: serves "))
  }

  @Test("keys lists every key with owner, type, default and description")
  func keys() async throws {
    let (status, capture) = await CapturedToolIO.run(["keys", "--json"])
    #expect(status == .success)
    let lines = try capture.outputLines.map { try JSONParser().parse($0) }
    #expect(lines.count == 11)
    #expect(
      lines.first
        == [
          "key": "isUnderMaintenance", "module": "RootRouting", "type": "BOOLEAN",
          "default": "false",
          "description": "Shows the maintenance screen instead of the app when true.",
        ])
    let (_, table) = await CapturedToolIO.run(["keys"])
    #expect(table.outputLines.first?.hasPrefix("KEY") == true)
    #expect(table.outputLines.count == 12)
  }

  @Test("defaults exports a template that validate accepts and that evaluates to the defaults")
  func defaultsExport() async throws {
    let (status, capture) = await CapturedToolIO.run(["defaults"])
    #expect(status == .success)
    let files = try TemporaryDirectory()
    let path = try files.write("defaults.json", capture.output)
    let (validStatus, validation) = await CapturedToolIO.run(["validate", path])
    #expect(validStatus == .success)
    #expect(validation.outputLines == ["\(path): valid (11 parameters, 0 conditions)"])
    let template = try Template(json: capture.output)
    #expect(
      template.parameterGroups.map(\.name) == [
        "RootRouting", "ElementaryFeature", "JuniorHighFeature",
      ])
    let values = CompiledTemplate(template).evaluate(EvaluationContext(), now: TestTime.start)
    let app = try AppComposition.standard()
    for (key, value) in app.catalog.defaults {
      #expect(values[key].rawValue == value, "\(key)")
    }
  }
}
