import Core
@testable import FirebaseServices
import Foundation
import SwitchyardTestSupport
import Testing

@Suite("TokenCache")
struct TokenCacheTests {
  /// A cache whose fetches hand out `token-1`, `token-2`, ..., each expiring `lifetime`
  /// after the manual clock's now, counted in `counter`.
  static func cache(
    time: ManualTimeSource, counter: TokenCounter, lifetime: TimeInterval = 3600
  ) -> TokenCache {
    TokenCache(time: time) { () async throws(CredentialsError) -> AccessToken in
      AccessToken(
        value: "token-\(counter.next())", expiresAt: time.now.addingTimeInterval(lifetime))
    }
  }

  @Test(
    "a token is reused while more than 5 minutes of it remain, and refreshed at 5 minutes or less",
    arguments: [(301, "token-1", 1), (300, "token-2", 2), (299, "token-2", 2), (0, "token-2", 2)])
  func refreshMargin(secondsLeft: Int, expected: String, fetches: Int) async throws {
    let time = ManualTimeSource(now: TestTime.start)
    let counter = TokenCounter()
    let cache = Self.cache(time: time, counter: counter)
    #expect(try await cache.token().value == "token-1")
    time.advance(by: .seconds(3600 - secondsLeft))
    #expect(try await cache.token().value == expected)
    #expect(counter.value == fetches)
  }

  @Test("the cached token is handed out again without a fetch until the margin")
  func reuse() async throws {
    let time = ManualTimeSource(now: TestTime.start)
    let counter = TokenCounter()
    let cache = Self.cache(time: time, counter: counter)
    for _ in 0..<5 {
      #expect(try await cache.token().value == "token-1")
      time.advance(by: .seconds(60))
    }
    #expect(counter.value == 1)
    time.advance(by: .seconds(3600))
    #expect(try await cache.token().value == "token-2")
    #expect(try await cache.token().value == "token-2")
    #expect(counter.value == 2)
  }

  @Test("a token without a known expiry is never refreshed")
  func noExpiry() async throws {
    let time = ManualTimeSource(now: TestTime.start)
    let counter = TokenCounter()
    let cache = TokenCache(time: time) { () async throws(CredentialsError) -> AccessToken in
      AccessToken(value: "fixed-\(counter.next())", expiresAt: nil)
    }
    _ = try await cache.token()
    time.advance(by: .seconds(365 * 86_400))
    #expect(try await cache.token().value == "fixed-1")
    #expect(counter.value == 1)
  }

  @Test("a fresh token with less than the margin left is handed out, and the next call fetches")
  func shortLivedToken() async throws {
    let time = ManualTimeSource(now: TestTime.start)
    let counter = TokenCounter()
    let cache = Self.cache(time: time, counter: counter, lifetime: 240)
    #expect(try await cache.token().value == "token-1")
    #expect(try await cache.token().value == "token-2")
    #expect(counter.value == 2)
  }

  @Test("a failed refresh fails its caller, is not cached, and the next call fetches again")
  func failureIsNotCached() async throws {
    let time = ManualTimeSource(now: TestTime.start)
    let attempts = TokenCounter()
    let cache = TokenCache(time: time) { () async throws(CredentialsError) -> AccessToken in
      let attempt = attempts.next()
      guard attempt != 2 else { throw CredentialsError(.unreachable, "down") }
      return AccessToken(
        value: "token-\(attempt)", expiresAt: time.now.addingTimeInterval(3600))
    }
    #expect(try await cache.token().value == "token-1")
    time.advance(by: .seconds(3400))
    await #expect(throws: CredentialsError(.unreachable, "down")) { try await cache.token() }
    #expect(try await cache.token().value == "token-3")
    #expect(try await cache.token().value == "token-3")
    #expect(attempts.value == 3)
  }

  @Test("50 concurrent callers with no fresh token share one fetch and all get its token")
  func concurrentCallersShareOneFetch() async throws {
    let time = ManualTimeSource(now: TestTime.start)
    let counter = TokenCounter()
    let fetchStarted = SignalLatch()
    let release = SignalLatch()
    let cache = TokenCache(time: time) { () async throws(CredentialsError) -> AccessToken in
      let number = counter.next()
      fetchStarted.open()
      await release.wait()
      return AccessToken(value: "token-\(number)", expiresAt: time.now.addingTimeInterval(3600))
    }
    let tokens = try await tokensFromConcurrentCallers(
      50, started: fetchStarted, release: { release.open() }
    ) {
      try await cache.token()
    }
    #expect(tokens.count == 50)
    #expect(Set(tokens) == ["token-1"])
    #expect(counter.value == 1)
  }

  @Test("a failed fetch fails every caller waiting for it; the next call fetches again")
  func sharedFailure() async throws {
    let time = ManualTimeSource(now: TestTime.start)
    let attempts = TokenCounter()
    let fetchStarted = SignalLatch()
    let release = SignalLatch()
    let cache = TokenCache(time: time) { () async throws(CredentialsError) -> AccessToken in
      let attempt = attempts.next()
      guard attempt > 1 else {
        fetchStarted.open()
        await release.wait()
        throw CredentialsError(.refused, "invalid_grant")
      }
      return AccessToken(value: "token-\(attempt)", expiresAt: time.now.addingTimeInterval(3600))
    }
    let arrivals = TokenCounter()
    let allArrived = SignalLatch()
    let outcomes = await withTaskGroup(of: Result<AccessToken, CredentialsError>.self) { group in
      for _ in 0..<10 {
        group.addTask {
          if arrivals.next() == 10 { allArrived.open() }
          do throws(CredentialsError) {
            return .success(try await cache.token())
          } catch {
            return .failure(error)
          }
        }
      }
      await fetchStarted.wait()
      await allArrived.wait()
      release.open()
      return await group.reduce(into: []) { $0.append($1) }
    }
    let failures = outcomes.filter { if case .failure = $0 { true } else { false } }
    // Callers that arrived after the failure start the next fetch, which succeeds.
    #expect(!failures.isEmpty)
    #expect(failures.allSatisfy { $0 == .failure(CredentialsError(.refused, "invalid_grant")) })
    #expect(try await cache.token().value == "token-2")
    #expect(attempts.value == 2)
  }
}
