import Core
import Foundation
import SwitchyardTestSupport
import Testing

@testable import ConfigClient

/// The reconnection rules as transcripts: each event, the action it causes.
@Suite("RealtimeConnectionMachine")
struct RealtimeConnectionMachineTests {
  static let now = TestTime.start
  /// 2 s doubling to a 30 s cap; jitter +-50 %, so fraction 0.5 gives the base delay.
  static let backoff = BackoffPolicy(
    initialDelay: .seconds(2), multiplier: 2, maximumDelay: .seconds(30), jitter: 0.5,
    maximumRetryAfter: .seconds(600))

  static func machine(budget: Int = 8) -> RealtimeConnectionMachine {
    RealtimeConnectionMachine(backoff: backoff, retryBudget: budget)
  }

  static let refused = RealtimeStreamError.connectivity("refused")

  @Test("failed attempts back off exponentially up to the cap, then the budget stops them")
  func backoffAndBudget() {
    var machine = Self.machine(budget: 6)
    let delays = (1...6).map { _ in
      machine.handle(.connectFailed(Self.refused), now: Self.now, randomFraction: 0.5)
    }
    #expect(
      delays == [2, 4, 8, 16, 30, 30].map { .reconnect(after: .seconds($0)) })
    #expect(machine.consecutiveFailures == 6)
    #expect(
      machine.handle(.connectFailed(Self.refused), now: Self.now, randomFraction: 0.5)
        == .stop(.retryBudgetExhausted(lastError: Self.refused)))
    #expect(
      machine.handle(.connected, now: Self.now, randomFraction: 0.5)
        == .stop(.retryBudgetExhausted(lastError: Self.refused)))
  }

  @Test(
    "jitter spreads a delay by +-50 %",
    arguments: [(0.0, 1.0), (0.5, 2.0), (0.999, 2.998)])
  func jitter(fraction: Double, seconds: Double) throws {
    var machine = Self.machine()
    let action = machine.handle(
      .connectFailed(Self.refused), now: Self.now, randomFraction: fraction)
    guard case .reconnect(let delay) = action else {
      Issue.record("expected a reconnection, got \(action)")
      return
    }
    #expect(abs(delay.timeInterval - seconds) < 0.001)
  }

  @Test("an accepted connection resets the budget; a drop starts the backoff again")
  func connectionResets() {
    var machine = Self.machine(budget: 2)
    #expect(
      machine.handle(.connectFailed(.timeout), now: Self.now, randomFraction: 0.5)
        == .reconnect(after: .seconds(2)))
    #expect(
      machine.handle(.connectFailed(.timeout), now: Self.now, randomFraction: 0.5)
        == .reconnect(after: .seconds(4)))
    #expect(machine.handle(.connected, now: Self.now, randomFraction: 0.5) == .listen)
    #expect(machine.consecutiveFailures == 0)
    #expect(
      machine.handle(.streamEnded(nil), now: Self.now, randomFraction: 0.5)
        == .reconnect(after: .seconds(2)))
    #expect(
      machine.handle(.streamEnded(.timeout), now: Self.now, randomFraction: 0.5)
        == .reconnect(after: .seconds(4)))
    #expect(
      machine.handle(.connectFailed(Self.refused), now: Self.now, randomFraction: 0.5)
        == .stop(.retryBudgetExhausted(lastError: Self.refused)))
  }

  @Test("retryIntervalSeconds holds the next reconnection back, capped by maximumRetryAfter")
  func retryInterval() {
    var machine = Self.machine()
    #expect(machine.handle(.connected, now: Self.now, randomFraction: 0.5) == .listen)
    #expect(
      machine.handle(.retryIntervalReceived(.seconds(60)), now: Self.now, randomFraction: 0.5)
        == .listen)
    let later = Self.now.addingTimeInterval(10)
    #expect(
      machine.handle(.streamEnded(nil), now: later, randomFraction: 0.5)
        == .reconnect(after: .seconds(50)))
    // Once the deadline has passed, the backoff alone decides.
    let muchLater = Self.now.addingTimeInterval(100)
    #expect(
      machine.handle(.connectFailed(.timeout), now: muchLater, randomFraction: 0.5)
        == .reconnect(after: .seconds(4)))
    var capped = Self.machine()
    _ = capped.handle(.retryIntervalReceived(.seconds(86_400)), now: Self.now, randomFraction: 0.5)
    #expect(
      capped.handle(.streamEnded(nil), now: Self.now, randomFraction: 0.5)
        == .reconnect(after: .seconds(600)))
  }

  @Test("Retry-After on a refused stream is honoured, as seconds or as a date")
  func retryAfter() {
    var machine = Self.machine()
    let busy = RealtimeStreamError.http(status: 503, retryAfter: .seconds(120))
    #expect(
      machine.handle(.connectFailed(busy), now: Self.now, randomFraction: 0.5)
        == .reconnect(after: .seconds(120)))
    let date = RealtimeStreamError.http(
      status: 429, retryAfter: .date(Self.now.addingTimeInterval(300)))
    #expect(
      machine.handle(.connectFailed(date), now: Self.now, randomFraction: 0.5)
        == .reconnect(after: .seconds(300)))
  }

  @Test(
    "a 4xx other than 408 and 429 stops at once; other statuses are retried",
    arguments: [
      (400, false), (401, false), (403, false), (404, false), (408, true), (429, true), (500, true),
      (503, true),
    ])
  func statuses(status: Int, retried: Bool) {
    var machine = Self.machine()
    let error = RealtimeStreamError.http(status: status, retryAfter: nil)
    let action = machine.handle(.connectFailed(error), now: Self.now, randomFraction: 0.5)
    #expect(action == (retried ? .reconnect(after: .seconds(2)) : .stop(.rejected(error))))
  }

  @Test("featureDisabled stops for good, whatever the state")
  func featureDisabled() {
    var listening = Self.machine()
    _ = listening.handle(.connected, now: Self.now, randomFraction: 0.5)
    #expect(
      listening.handle(.featureDisabled, now: Self.now, randomFraction: 0.5)
        == .stop(.featureDisabled))
    #expect(
      listening.handle(.streamEnded(nil), now: Self.now, randomFraction: 0.5)
        == .stop(.featureDisabled))
    var connecting = Self.machine()
    #expect(
      connecting.handle(.featureDisabled, now: Self.now, randomFraction: 0.5)
        == .stop(.featureDisabled))
  }

  @Test("a zero budget gives up after the first failure")
  func zeroBudget() {
    var machine = Self.machine(budget: 0)
    #expect(
      machine.handle(.connectFailed(.timeout), now: Self.now, randomFraction: 0.5)
        == .stop(.retryBudgetExhausted(lastError: .timeout)))
  }

  @Test(
    "earlier launches' failures leave max(budget - failures, 1) attempts, counted on from them",
    arguments: [(0, 3), (1, 2), (2, 1), (3, 1), (40, 1)])
  func earlierFailures(earlier: Int, attemptsLeft: Int) {
    var machine = RealtimeConnectionMachine(
      backoff: Self.backoff, retryBudget: 3, earlierFailures: earlier)
    #expect(machine.failedAttempts == earlier)
    for attempt in 1...attemptsLeft {
      let action = machine.handle(.connectFailed(Self.refused), now: Self.now, randomFraction: 0.5)
      guard case .reconnect = action else {
        Issue.record("attempt \(attempt) should reconnect, got \(action)")
        return
      }
      #expect(machine.failedAttempts == earlier + attempt)
    }
    #expect(
      machine.handle(.connectFailed(Self.refused), now: Self.now, randomFraction: 0.5)
        == .stop(.retryBudgetExhausted(lastError: Self.refused)))
    #expect(machine.failedAttempts == earlier + attemptsLeft + 1)
  }

  @Test("a connection the server accepts resets the failures; a refusal that stops keeps them")
  func failuresReset() {
    var machine = RealtimeConnectionMachine(
      backoff: Self.backoff, retryBudget: 3, earlierFailures: 2)
    #expect(machine.handle(.connected, now: Self.now, randomFraction: 0.5) == .listen)
    #expect(machine.failedAttempts == 0)
    _ = machine.handle(.streamEnded(Self.refused), now: Self.now, randomFraction: 0.5)
    #expect(machine.failedAttempts == 1)
    let forbidden = RefusalBySource.failure(
      "Realtime API not enabled", status: 403, retryable: false)
    #expect(
      machine.handle(.connectFailed(forbidden), now: Self.now, randomFraction: 0.5)
        == .stop(.rejected(forbidden)))
    #expect(machine.failedAttempts == 1)
  }

  @Test(
    "a source's own refusal is retried when the source says so, after its Retry-After",
    arguments: [(503, true), (403, false), (500, false), (429, true)])
  func sourceRefusals(status: Int, retried: Bool) {
    var machine = Self.machine()
    let error = RefusalBySource.failure(
      "m", status: status, retryable: retried, retryAfter: .seconds(90))
    let action = machine.handle(.connectFailed(error), now: Self.now, randomFraction: 0.5)
    #expect(action == (retried ? .reconnect(after: .seconds(90)) : .stop(.rejected(error))))
  }
}
