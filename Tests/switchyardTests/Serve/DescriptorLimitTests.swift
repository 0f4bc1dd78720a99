import Testing

@testable import switchyard

/// How far `serve` raises its open-file limit.
@Suite("serve's descriptor limit")
struct DescriptorLimitTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let soft: UInt64
    let hard: UInt64
    let connections: Int
    let expected: UInt64
    var testDescription: String { "soft \(soft), hard \(hard), \(connections) connections" }
  }

  @Test(
    "the soft limit is raised to the connections and a reserve, within the hard limit, never lowered",
    arguments: [
      Case(soft: 1_024, hard: 524_288, connections: 4_096, expected: 4_128),
      Case(soft: 1_024, hard: 2_048, connections: 4_096, expected: 2_048),
      Case(soft: 65_536, hard: 65_536, connections: 4_096, expected: 65_536),
      Case(soft: 256, hard: 256, connections: 4_096, expected: 256),
      Case(soft: 1_024, hard: .max, connections: 100, expected: 1_024),
    ])
  func target(_ example: Case) {
    #expect(
      DescriptorLimit.target(
        soft: example.soft, hard: example.hard, connections: example.connections)
        == example.expected)
  }
}
