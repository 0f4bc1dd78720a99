import Core
import Foundation
import SwitchyardTestSupport
import Testing

@testable import ConfigClient

@Suite("FetchThrottle")
struct FetchThrottleTests {
  let now = TestTime.start
  let policy = BackoffPolicy()

  private func fail(
    _ throttle: inout FetchThrottle, _ error: TemplateSourceError, fraction: Double = 0.5
  ) -> TimeInterval? {
    throttle.fetchFailed(error, at: now, policy: policy, randomFraction: fraction)
      .map { $0.timeIntervalSince(now) }
  }

  @Test("HTTP 429 throttles at once, for the jittered base delay")
  func tooManyRequests() {
    var throttle = FetchThrottle()
    #expect(fail(&throttle, .http(status: 429, retryAfter: nil)) == 120)
    #expect(throttle.isThrottled(at: now.addingTimeInterval(119)))
    #expect(!throttle.isThrottled(at: now.addingTimeInterval(120)))
  }

  @Test("a server error throttles from the second in a row", arguments: [500, 502, 503, 504])
  func serverErrors(status: Int) {
    var throttle = FetchThrottle()
    #expect(fail(&throttle, .http(status: status, retryAfter: nil)) == nil)
    #expect(throttle.throttledUntil == nil)
    #expect(fail(&throttle, .http(status: status, retryAfter: nil)) == 120)
    #expect(fail(&throttle, .http(status: status, retryAfter: nil)) == 240)
  }

  @Test(
    "connectivity errors, timeouts and broken bodies never throttle nor break a series",
    arguments: [
      TemplateSourceError.connectivity("refused"), .timeout,
      .truncatedBody(received: 3, expected: 9),
      .bodyTooLarge(limit: 10), .invalidResponse("garbage"),
    ])
  func neverThrottles(error: TemplateSourceError) {
    var throttle = FetchThrottle()
    for _ in 0..<10 { #expect(fail(&throttle, error) == nil) }
    #expect(throttle == FetchThrottle())
    // A 500, a connectivity error, a 500: still two server errors in a row.
    #expect(fail(&throttle, .http(status: 500, retryAfter: nil)) == nil)
    #expect(fail(&throttle, error) == nil)
    #expect(fail(&throttle, .http(status: 500, retryAfter: nil)) == 120)
  }

  @Test(
    "other statuses do not throttle and end a series of server errors",
    arguments: [400, 403, 404, 501])
  func otherStatuses(status: Int) {
    var throttle = FetchThrottle()
    #expect(fail(&throttle, .http(status: 500, retryAfter: nil)) == nil)
    #expect(fail(&throttle, .http(status: status, retryAfter: nil)) == nil)
    #expect(fail(&throttle, .http(status: 500, retryAfter: nil)) == nil)
    #expect(throttle.throttledUntil == nil)
  }

  @Test("Retry-After in seconds or as a date sets the end exactly, without jitter")
  func retryAfter() {
    var throttle = FetchThrottle()
    #expect(fail(&throttle, .http(status: 429, retryAfter: .seconds(600)), fraction: 0.9) == 600)
    var dated = FetchThrottle()
    let date = now.addingTimeInterval(3_600)
    #expect(fail(&dated, .http(status: 429, retryAfter: .date(date)), fraction: 0.1) == 3_600)
    // Even a first 503 waits when the server says for how long.
    var first = FetchThrottle()
    #expect(fail(&first, .http(status: 503, retryAfter: .seconds(30))) == 30)
  }

  @Test("a Retry-After in the past or of zero falls back to the backoff; a huge one is capped")
  func retryAfterBounds() {
    var past = FetchThrottle()
    #expect(fail(&past, .http(status: 429, retryAfter: .date(now.addingTimeInterval(-60)))) == 120)
    var zero = FetchThrottle()
    #expect(fail(&zero, .http(status: 429, retryAfter: .seconds(0))) == 120)
    var huge = FetchThrottle()
    #expect(fail(&huge, .http(status: 429, retryAfter: .seconds(Int.max))) == 86_400)
  }

  @Test("a success clears the throttle and both series")
  func success() {
    var throttle = FetchThrottle()
    _ = fail(&throttle, .http(status: 429, retryAfter: nil))
    _ = fail(&throttle, .http(status: 503, retryAfter: nil))
    #expect(throttle.consecutiveThrottles == 2)
    throttle.fetchSucceeded()
    #expect(throttle == FetchThrottle())
    #expect(fail(&throttle, .http(status: 429, retryAfter: nil)) == 120)
  }

  @Test("the backoff grows per throttle in a row up to the 4 h cap")
  func growth() {
    var throttle = FetchThrottle()
    let delays = (0..<10).compactMap { _ in fail(&throttle, .http(status: 429, retryAfter: nil)) }
    #expect(delays == [120, 240, 480, 960, 1_920, 3_840, 7_680, 14_400, 14_400, 14_400])
  }
}
