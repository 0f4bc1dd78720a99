import ConfigClient
import Core
import Foundation
import Testing

@Suite("BackoffPolicy")
struct BackoffPolicyTests {
  let policy = BackoffPolicy()

  @Test(
    "the base delay starts at 2 minutes, doubles per throttle and is capped at 4 hours",
    arguments: [
      (1, 120), (2, 240), (3, 480), (4, 960), (5, 1_920), (6, 3_840), (7, 7_680),
      (8, 14_400), (9, 14_400), (1_000, 14_400), (Int.max, 14_400),
    ] as [(Int, Double)])
  func baseDelay(attempt: Int, seconds: Double) {
    #expect(policy.baseDelay(attempt: attempt) == seconds)
  }

  @Test(
    "jitter spreads the delay over +-50 % of the capped base",
    arguments: [(0.0, 60.0), (0.25, 90), (0.5, 120), (0.75, 150)])
  func jitter(fraction: Double, seconds: Double) {
    #expect(policy.delay(attempt: 1, fraction: fraction) == seconds)
  }

  @Test("every jittered delay lies within 0.5...1.5 times the base, for any random fraction")
  func jitterBounds() {
    let random = RandomSource.seeded(7)
    for attempt in 1...12 {
      let base = policy.baseDelay(attempt: attempt)
      for _ in 0..<200 {
        let delay = policy.delay(attempt: attempt, fraction: random.next())
        #expect(delay >= base * 0.5 && delay <= base * 1.5)
      }
    }
    #expect(policy.delay(attempt: 8, fraction: 1.nextDown) <= 21_600)
  }

  @Test("degenerate policies neither loop forever nor trap")
  func degenerate() {
    let flat = BackoffPolicy(initialDelay: .seconds(10), multiplier: 1)
    #expect(flat.baseDelay(attempt: Int.max) == 10)
    let zero = BackoffPolicy(initialDelay: .zero)
    #expect(zero.baseDelay(attempt: Int.max) == 0)
    let wild = BackoffPolicy(multiplier: .infinity, jitter: .nan)
    #expect(wild.delay(attempt: 5, fraction: .nan) == 120)
  }
}
