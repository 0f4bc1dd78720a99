import Core
import Testing

@testable import switchyard

/// `check` answers its lines on every core: the answers still come in input order, one per
/// line, with every failure and every bad line counted.
@Suite("switchyard check, many lines at once")
struct CheckCommandOrderTests {
  /// A line that passes, one that fails, a routing sequence and a bad line, by `index % 4`.
  static func line(_ index: Int) -> String {
    switch index % 4 {
    case 0:
      #"{"name": "line \#(index)", "scenario": {"session": "signedOut"}, "expect": {"screen": "login"}}"#
    case 1:
      #"{"name": "line \#(index)", "scenario": {"session": "signedOut"}, "expect": {"screen": "elementary"}}"#
    case 2:
      #"{"name": "line \#(index)", "events": [{"event": "appLaunched", "cachedConfig": true}, {"event": "sessionRestored", "user": null}], "expect": {"screen": "login"}}"#
    default:
      #"{"name": "line \#(index)", "expect": {"screen": "login"}}"#
    }
  }

  @Test("600 lines of every kind are answered in input order, each failure and bad line counted")
  func inputOrder() async throws {
    let count = 600
    let (status, capture) = try await CheckCommandTests.check((0..<count).map(Self.line))
    #expect(status == .failure)
    let lines = capture.outputLines
    #expect(lines.count == count)
    for (index, line) in lines.enumerated() {
      let result = try JSONParser().parse(line)
      switch index % 4 {
      case 3:
        #expect(result["error"]?.stringValue?.hasPrefix("line \(index + 1): ") == true, "\(line)")
      default:
        #expect(result["name"]?.stringValue == "line \(index)", "\(line)")
        #expect(result["pass"] == .bool(index % 4 != 1), "\(line)")
      }
    }
  }
}
