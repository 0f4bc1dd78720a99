import Core
import Foundation
import SwitchyardTestSupport
import Testing
@testable import switchyard

/// A server template with a condition this version does not know still serves: that
/// condition is false, the others apply, and a warning says what was not evaluated.
extension FirebaseServerCommandsTests {
  /// `future` is a node kind Firebase may add; `paid` is known and true for the context.
  static let templateWithFutureCondition = """
    {"conditions": [
       {"name": "future", "condition": {"futureCondition": {"x": 1}}},
       {"name": "paid", "condition": {"customSignal": {
         "customSignalOperator": "STRING_EXACTLY_MATCHES", "customSignalKey": "tier",
         "targetCustomSignalValues": ["paid"]}}}],
     "parameters": {
       "banner": {"defaultValue": {"value": "plain"}, "conditionalValues": {"future": {"value": "new"}}},
       "welcome": {"defaultValue": {"value": "hi"},
         "conditionalValues": {"future": {"value": "hello future"}, "paid": {"value": "hello supporter"}}}}}
    """

  @Test(
    "fetch --firebase-server serves a template with an unknown condition: false, with a warning")
  func fetchWithUnknownCondition() async throws {
    try await FirebaseCommandHarness.with { harness in
      let (status, capture) = try await Self.fetchForPaidUser(
        Self.templateWithFutureCondition, harness, cache: try TemporaryDirectory())
      #expect(status == .success, "\(capture.error)")
      #expect(
        capture.outputLines == [
          #"{"banner":{"value":"plain","source":"remote"},"#
            + #""welcome":{"value":"hello supporter","source":"remote"}}"#
        ])
      #expect(
        capture.error.contains(
          "switchyard fetch: warning: condition 'future'.condition.futureCondition: condition"
            + " kind 'futureCondition' is not known to this version of Switchyard and is false"))
    }
  }
}
