import Core
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Watches the file `serve --template` was given and hands over its new contents when it
/// changes: by polling its `stat` (device, inode, size, modification and change times) on the
/// injected clock, so it works the same on every platform and file system, including a file an
/// editor or a deploy replaces by renaming a new one over it.
///
/// A change is read once the file has held still for one period, so a file caught half
/// written is not read (and refused) before its writer is done: a change is seen within two
/// periods. Contents equal to the last ones handed over are not handed over again.
struct TemplateFileWatcher: Sendable {
  /// What `stat` says about a file: equal stamps mean nothing visible changed.
  struct Stamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: timespec
    var changed: timespec

    static func == (lhs: Stamp, rhs: Stamp) -> Bool {
      lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
        && lhs.modified.tv_sec == rhs.modified.tv_sec
        && lhs.modified.tv_nsec == rhs.modified.tv_nsec
        && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
    }

    /// The file's stamp, or nil when it cannot be read (missing, for instance, between an
    /// editor's delete and its write).
    static func of(_ path: String) -> Stamp? {
      var status = stat()
      guard stat(path, &status) == 0 else { return nil }
      #if canImport(Darwin)
        return Stamp(
          device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
          modified: status.st_mtimespec, changed: status.st_ctimespec)
      #else
        return Stamp(
          device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
          modified: status.st_mtim, changed: status.st_ctim)
      #endif
    }
  }

  /// The file watched.
  let path: String
  /// How often the file is looked at.
  let period: Duration
  /// The clock the periods are slept on (the manual one in tests).
  let timeSource: any TimeSource

  init(path: String, period: Duration = .milliseconds(500), timeSource: any TimeSource) {
    self.path = path
    self.period = period
    self.timeSource = timeSource
  }

  /// Calls `changed` with the file's contents after each change, until the task is cancelled,
  /// and `stillServed` after each look that finds the file holding the contents served.
  /// `initial` are the contents already served and `stamp` the file's stamp taken before they
  /// were read, so a change made after that read is seen even if the watcher starts later,
  /// and an unchanged file is not handed over.
  ///
  /// `changed` returns whether the contents it was given are served now: refused contents are
  /// not handed over again until the file changes to something else, and while the file holds
  /// them nothing is still served. A file that cannot be read is `changed(.failure(...))` once
  /// per change (what that call returns is not read: it hands over no contents).
  func run(
    initial: [UInt8], stamp: Stamp?,
    stillServed: @Sendable () async -> Void = {},
    _ changed: @Sendable (Result<[UInt8], InputFileError>) async -> Bool
  ) async {
    var served = initial
    // The file holds what is served exactly when what was last handed over is what is served.
    var handed: [UInt8]? = initial
    var seen = stamp
    var settled = true
    while !Task.isCancelled {
      do {
        try await timeSource.sleep(for: period)
      } catch {
        return
      }
      let now = Stamp.of(path)
      guard now == seen else {
        // Changed since the last look: wait until it holds still for a period.
        seen = now
        settled = false
        continue
      }
      guard !settled else {
        if handed == served { await stillServed() }
        continue
      }
      settled = true
      guard now != nil else {
        handed = nil
        _ = await changed(.failure(InputFileError(path: path, reason: "the file is gone")))
        continue
      }
      do {
        let bytes = [UInt8](try InputFile.readData(at: path))
        if bytes == served {
          handed = bytes
          await stillServed()
          continue
        }
        guard bytes != handed else { continue }
        handed = bytes
        if await changed(.success(bytes)) { served = bytes }
      } catch {
        handed = nil
        _ = await changed(.failure(error))
      }
    }
  }
}
