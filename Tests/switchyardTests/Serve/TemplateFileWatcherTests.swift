import Core
import SwitchyardTestSupport
import Testing

@testable import switchyard

/// The watcher behind `serve --template`, on a manual clock.
@Suite("serve's template file watcher", .timeLimit(.minutes(1)))
struct TemplateFileWatcherTests {
  /// The contents handed over, in order.
  final class Handed: Sendable {
    let contents = LockedState<[String]>([])
  }

  @Test("a change made between the first read and the watcher's start is still handed over")
  func changeBeforeStart() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("t.json", "one")
    let stamp = TemplateFileWatcher.Stamp.of(path)
    _ = try directory.write("t.json", "two, longer")
    let clock = ManualTimeSource(now: TestTime.start)
    let handed = Handed()
    let watcher = TemplateFileWatcher(path: path, timeSource: clock)
    let run = Task {
      await watcher.run(initial: Array("one".utf8), stamp: stamp) { changed in
        if case .success(let bytes) = changed {
          handed.contents.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
        }
      }
    }
    for _ in 0..<2 {
      await clock.waitForSleepers(count: 1)
      clock.advance(by: watcher.period)
    }
    await clock.waitForSleepers(count: 1)
    run.cancel()
    #expect(handed.contents.withLock { $0 } == ["two, longer"])
  }

  @Test(
    "a file that changes on every look is read only once it holds still, and the same bytes are not handed over twice"
  )
  func settles() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("t.json", "a")
    let clock = ManualTimeSource(now: TestTime.start)
    let handed = Handed()
    let watcher = TemplateFileWatcher(path: path, timeSource: clock)
    let run = Task {
      await watcher.run(initial: Array("a".utf8), stamp: TemplateFileWatcher.Stamp.of(path)) {
        changed in
        if case .success(let bytes) = changed {
          handed.contents.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
        }
      }
    }
    func look() async {
      await clock.waitForSleepers(count: 1)
      clock.advance(by: watcher.period)
    }
    for text in ["b", "bc", "bcd"] {
      _ = try directory.write("t.json", text)
      await look()
    }
    let whileWriting = handed.contents.withLock { $0 }
    await look()
    await look()
    // Rewritten with the same bytes: a new stamp, nothing new to hand over.
    _ = try directory.write("t.json", "bcd")
    await look()
    await look()
    await clock.waitForSleepers(count: 1)
    run.cancel()
    #expect(whileWriting.isEmpty)
    #expect(handed.contents.withLock { $0 } == ["bcd"])
  }
}
