import ConfigClient
import ConfigEngine
import Core
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("ConfigSnapshot")
struct ConfigSnapshotTests {
  @Test("a defaults-only snapshot serves the defaults and has no version")
  func defaultsOnly() {
    let snapshot = ConfigSnapshot(defaults: InAppDefaults(["a": "1"]), now: TestTime.start)
    #expect(snapshot["a"] == ConfigValue(key: "a", rawValue: "1", source: .default))
    #expect(snapshot["b"] == .missing(key: "b"))
    #expect(snapshot.versionNumber == nil && snapshot.template == nil)
  }

  @Test("changedKeys lists added, removed and changed keys, source changes included")
  func changedKeys() throws {
    let template = CompiledTemplate(
      try Template(json: TemplateFixtures.template(["a": "1", "b": "2"])))
    let old = ConfigSnapshot(
      defaults: InAppDefaults(["a": "1", "c": "3"]), now: TestTime.start)
    let new = ConfigSnapshot(
      template: template, activatedAt: TestTime.start, context: EvaluationContext(),
      defaults: InAppDefaults(["a": "1"]), now: TestTime.start)
    #expect(new.changedKeys(comparedTo: old) == ["a", "b", "c"])
    #expect(new.changedKeys(comparedTo: new) == [])
  }
}
