import Core
import Foundation
import Testing

@Suite("ManualTimeSource")
struct ManualTimeSourceTests {
  let start = Date(timeIntervalSince1970: 1_000_000)

  @Test("now moves only when advanced or set")
  func nowMoves() {
    let time = ManualTimeSource(now: start)
    #expect(time.now == start)
    time.advance(by: .seconds(90))
    #expect(time.now == start.addingTimeInterval(90))
    time.set(to: start)
    #expect(time.now == start)
  }

  @Test("a sleeper wakes when the clock passes its deadline, not before")
  func sleeperWakes() async throws {
    let time = ManualTimeSource(now: start)
    let sleeper = Task { try await time.sleep(for: .seconds(10)) }
    await time.waitForSleepers(count: 1)
    time.advance(by: .seconds(9))
    #expect(time.sleeperCount == 1)
    time.advance(by: .seconds(1))
    try await sleeper.value
    #expect(time.sleeperCount == 0)
  }

  @Test("sleepers wake in deadline order when one advance passes several")
  func wakeOrder() async throws {
    let time = ManualTimeSource(now: start)
    let order = AsyncStream<Int>.makeStream()
    let tasks = [30, 10, 20].map { seconds in
      Task {
        try await time.sleep(for: .seconds(seconds))
        order.continuation.yield(seconds)
      }
    }
    await time.waitForSleepers(count: 3)
    time.advance(by: .seconds(60))
    for task in tasks { try await task.value }
    order.continuation.finish()
    var woke: [Int] = []
    for await seconds in order.stream { woke.append(seconds) }
    #expect(woke.sorted() == [10, 20, 30])
  }

  @Test("a zero or past deadline returns at once")
  func zeroSleep() async throws {
    let time = ManualTimeSource(now: start)
    try await time.sleep(for: .zero)
    try await time.sleep(for: .seconds(-5))
    #expect(time.sleeperCount == 0)
  }

  @Test("cancelling a sleeping task throws CancellationError and removes the sleeper")
  func cancellation() async {
    let time = ManualTimeSource(now: start)
    let sleeper = Task { try await time.sleep(for: .seconds(10)) }
    await time.waitForSleepers(count: 1)
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(time.sleeperCount == 0)
  }

  @Test("a task cancelled before it sleeps throws at once")
  func cancelledBeforeSleeping() async {
    let time = ManualTimeSource(now: start)
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await time.sleep(for: .seconds(10))
    }
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(time.sleeperCount == 0)
  }

  @Test("waiting for sleepers returns when the waiting task is cancelled")
  func waitingIsCancellable() async {
    let time = ManualTimeSource(now: start)
    let waiter = Task { await time.waitForSleepers(count: 1) }
    waiter.cancel()
    await waiter.value
    #expect(time.sleeperCount == 0)
  }

  @Test("durations convert to seconds exactly enough for Date arithmetic")
  func durationSeconds() {
    #expect(Duration.seconds(90).timeInterval == 90)
    #expect(Duration.milliseconds(1_500).timeInterval == 1.5)
    #expect(Duration.timeInterval(2.25) == .milliseconds(2_250))
  }
}
