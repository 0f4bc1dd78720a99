import Foundation

/// Works through a population too large to hold, on every core: pieces are taken in order,
/// each handed to a task of its own, and each result handed to `merge` as its task finishes.
/// Results arrive in any order, so what `merge` builds must not depend on order (counts
/// add); at most `inFlight` pieces are taken and not yet merged, which bounds memory.
/// `simulate` and `diff` run on it.
struct ParallelPieces {
  /// Pieces taken and not yet merged: two per core keeps every core busy.
  var inFlight = max(2, 2 * ProcessInfo.processInfo.activeProcessorCount)

  /// Takes pieces from `next` until it gives nil, runs `work` on each in a task of its own
  /// and hands every result to `merge` before returning.
  /// - Throws: what `next` throws, once every piece taken before is merged.
  func run<Piece: Sendable, Result: Sendable, Failure: Error>(
    next: () throws(Failure) -> Piece?,
    work: @escaping @Sendable (Piece) -> Result,
    merge: (Result) -> Void
  ) async throws(Failure) {
    let failure: Failure? = await withTaskGroup(of: Result.self) { group in
      var running = 0
      func mergeOne() async {
        guard let result = await group.next() else { return }
        running -= 1
        merge(result)
      }
      var failure: Failure?
      while true {
        if running >= inFlight { await mergeOne() }
        let piece: Piece?
        do throws(Failure) {
          piece = try next()
        } catch {
          failure = error
          break
        }
        guard let piece else { break }
        running += 1
        group.addTask { work(piece) }
      }
      while running > 0 { await mergeOne() }
      return failure
    }
    if let failure { throw failure }
  }
}
