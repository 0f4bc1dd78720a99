@testable import ConfigEngine
import Core
import Foundation
import Testing

@Suite("ConditionTreeWriter")
struct ConditionTreeWriterTests {
  @Test(
    "every custom signal operator and percent form is written as Firebase writes it",
    arguments: ServerConditionReader.operatorNames.map {
      #"{"customSignal":{"customSignalOperator":"\#($0)","customSignalKey":"k","targetCustomSignalValues":["1","2"]}}"#
    } + [
      #"{"percent":{"percentOperator":"LESS_OR_EQUAL","seed":"s","microPercent":5}}"#,
      #"{"percent":{"percentOperator":"GREATER_THAN","microPercent":100000000}}"#,
      #"{"percent":{"percentOperator":"BETWEEN","microPercentRange":{"microPercentLowerBound":1,"microPercentUpperBound":2}}}"#,
      #"{"percent":{"percentOperator":"SOMEDAY","seed":"s"}}"#,
      #"{"orCondition":{"conditions":[{"andCondition":{"conditions":[{"true":{}},{"false":{}}]}}]}}"#,
      #"{"andCondition":{"conditions":[]}}"#,
    ])
  func roundTrip(json: String) throws {
    var reader = ServerConditionReader(conditionName: "c")
    let condition = reader.read(try JSONParser().parse(json), path: "")
    #expect(try ConditionTreeWriter.tree(condition).jsonText == json)
  }

  @Test(
    "what server templates cannot hold is refused",
    arguments: [
      Condition.signal(SignalCondition(.platform, .string(.equals, ["ios"]))),
      .signal(SignalCondition(.customSignal("k"), .string(.equals, ["a"]))),
      .signal(SignalCondition(.customSignal("k"), .audience(.inAll, ["a"]))),
      .and([.constant(true), .unknown("futureKind")]),
    ])
  func unwritable(condition: Condition) {
    #expect(throws: UnwritableCondition.self) { try ConditionTreeWriter.tree(condition) }
  }
}
