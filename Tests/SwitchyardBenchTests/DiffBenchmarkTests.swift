@testable import ConfigEngine
import Core
import Foundation
@testable import SwitchyardBench
import SwitchyardTestSupport
import Testing

/// What the diff benchmark times, checked without timing anything.
@Suite("switchyard-bench diff benchmark")
struct DiffBenchmarkTests {
  @Test("the templates are the evaluation workload's and a copy reversed with percents halved")
  func templates() throws {
    let directory = try TemporaryDirectory()
    let files = try DiffWorkload.writeFiles(in: directory.url)
    let old = try Template(jsonBytes: try Data(contentsOf: files.old))
    let new = try Template(jsonBytes: try Data(contentsOf: files.new))
    var random = SeededRandomGenerator(seed: 42)
    // As read, the conditions keep the spelling they were written in; the model is the same.
    #expect(TemplateChange(from: EvaluationWorkload.template(random: &random), to: old).isEmpty)
    #expect(new.conditions.map(\.name) == old.conditions.map(\.name).reversed())
    let change = TemplateChange(from: old, to: new)
    // Reversed, every condition but one moves; every third-of-six one holds a percent.
    #expect(change.reorderedConditions.count == old.conditions.count - 1)
    #expect(change.changedConditions.count == 9)
    #expect(change.changedParameters.isEmpty)
  }
}
