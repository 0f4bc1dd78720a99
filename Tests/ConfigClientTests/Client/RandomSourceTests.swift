import ConfigClient
import Core
import Foundation
import Testing

@Suite("RandomSource")
struct RandomSourceTests {
  @Test("a seeded source repeats its sequence; values stay in 0..<1")
  func seeded() {
    let first = RandomSource.seeded(42)
    let second = RandomSource.seeded(42)
    let a = (0..<100).map { _ in first.next() }
    let b = (0..<100).map { _ in second.next() }
    #expect(a == b)
    #expect(a.allSatisfy { $0 >= 0 && $0 < 1 })
  }

  @Test("values outside 0..<1 are clamped and NaN reads as one half")
  func clamped() {
    #expect(RandomSource.constant(-3).next() == 0)
    #expect(RandomSource.constant(1).next() < 1)
    #expect(RandomSource.constant(.nan).next() == 0.5)
  }
}
