import Core
import Foundation
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

  /// `t.json` holding `text` in a new directory, and a watcher of it on a manual clock.
  struct WatchedFile {
    let directory: TemporaryDirectory
    let path: String
    let clock = ManualTimeSource(now: TestTime.start)
    let watcher: TemplateFileWatcher

    init(_ text: String) throws {
      directory = try TemporaryDirectory()
      path = try directory.write("t.json", text)
      watcher = TemplateFileWatcher(path: path, timeSource: clock)
    }
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
        guard case .success(let bytes) = changed else { return false }
        handed.contents.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
        return true
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
    let file = try WatchedFile("a")
    let (directory, path, clock, watcher) = (file.directory, file.path, file.clock, file.watcher)
    let handed = Handed()
    let run = Task {
      await watcher.run(initial: Array("a".utf8), stamp: TemplateFileWatcher.Stamp.of(path)) {
        changed in
        guard case .success(let bytes) = changed else { return false }
        handed.contents.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
        return true
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

  @Test(
    "each look that finds the file holding the served contents says so; a change, refused contents and a gone file do not, until it holds served contents again"
  )
  func stillServed() async throws {
    let file = try WatchedFile("a")
    let (directory, path, clock, watcher) = (file.directory, file.path, file.clock, file.watcher)
    let transcript = LockedState<[String]>([])
    let run = Task {
      await watcher.run(
        initial: Array("a".utf8), stamp: TemplateFileWatcher.Stamp.of(path),
        stillServed: { transcript.withLock { $0.append("still served") } }
      ) { changed in
        guard case .success(let bytes) = changed else {
          transcript.withLock { $0.append("failed") }
          return false
        }
        let text = String(decoding: bytes, as: UTF8.self)
        transcript.withLock { $0.append(text == "bad" ? "refused bad" : "served \(text)") }
        return text != "bad"
      }
    }
    /// What one look said.
    func look() async -> [String] {
      await clock.waitForSleepers(count: 1)
      let before = transcript.withLock { $0.count }
      clock.advance(by: watcher.period)
      await clock.waitForSleepers(count: 1)
      return Array(transcript.withLock { $0 }.dropFirst(before))
    }
    var looks: [[String]] = [await look()]
    _ = try directory.write("t.json", "bad")
    for _ in 0..<3 { looks.append(await look()) }
    _ = try directory.write("t.json", "a")
    for _ in 0..<3 { looks.append(await look()) }
    _ = try directory.write("t.json", "b, longer")
    for _ in 0..<3 { looks.append(await look()) }
    try FileManager.default.removeItem(atPath: path)
    for _ in 0..<3 { looks.append(await look()) }
    run.cancel()
    #expect(
      looks == [
        ["still served"],
        [], ["refused bad"], [],
        [], ["still served"], ["still served"],
        [], ["served b, longer"], ["still served"],
        [], ["failed"], [],
      ])
  }
}
