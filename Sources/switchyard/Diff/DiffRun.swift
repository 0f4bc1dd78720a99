import ConfigEngine
import ConfigRouting
import Core
import Foundation

/// Runs a `diff` population through both templates on every core (`ParallelPieces`): each
/// user evaluated (and, when routed, routed) with the old template and with the new, the
/// changes tallied per piece on a task of its own, with a `ConfigRouter.Batch` per template
/// per task, and the tallies merged. Merging does not depend on order, so the tally is the
/// one a single loop over the users gives, and only the pieces in flight are held.
struct DiffRun: Sendable {
  let old: ConfigRouter
  let new: ConfigRouter
  let table: DiffKeyTable
  /// The evaluation time of users whose context gives none.
  let now: Date
  /// Synthetic users per piece: enough that a task's start costs little beside its work.
  var usersPerPiece = 2_048
  var pieces = ParallelPieces()

  /// The tally of `users`, in population order: what one task does with one piece.
  func tally(_ users: [DiffUser]) -> DiffTally {
    var tally = DiffTally(keys: table.keys.count)
    var oldBatch = old.batch()
    var newBatch = new.batch()
    for user in users {
      switch user.kind {
      case .routed(let scenario):
        tally.countUser(routed: true)
        let before = scenario.plan(with: &oldBatch, now: now)
        let after = scenario.plan(with: &newBatch, now: now)
        tally.recordRoutes(user.number, scenario, before: before.route, after: after.route)
        if let before = before.routed, let after = after.routed {
          tally.recordValues(user, before: before.values, after: after.values, table: table)
        }
      case .evaluated(let context):
        tally.countUser(routed: false)
        tally.recordValues(
          user, before: old.template.evaluate(context, defaults: old.defaults, now: now),
          after: new.template.evaluate(context, defaults: new.defaults, now: now), table: table)
      }
    }
    return tally
  }

  /// The tally of `count` synthetic users drawn from `seed`, as `simulate` draws them.
  func tally(syntheticUsers count: Int, seed: Int) async -> DiffTally {
    var population = SyntheticPopulation.Draw(seed: UInt64(seed))
    var drawn = 0
    var total = DiffTally(keys: table.keys.count)
    await pieces.run { () -> [DiffUser]? in
      guard drawn < count else { return nil }
      let first = drawn + 1
      let piece = population.next(min(usersPerPiece, count - drawn)).enumerated().map {
        DiffUser(number: first + $0, kind: .routed($1))
      }
      drawn += piece.count
      return piece
    } work: { users in
      tally(users)
    } merge: { piece in
      total.merge(piece)
    }
    return total
  }

  /// The tally of the lines of the file at `path`, or of `standardInput` when `path` is `-`.
  /// - Throws: `InputFileError` when the file cannot be read or a line is bad.
  func tally(contexts path: String, standardInput: ByteSource) async throws -> DiffTally {
    try await ByteSource.reading(path, standardInput: standardInput) { source, name in
      try await tally(lines: source, name: name)
    }
  }

  /// The tally of the lines of `source` (named `name` in errors), each an `evaluate` context
  /// line or a `route --scenarios` line.
  /// - Throws: `InputFileError` naming the first bad line (no tally is worth having when a
  ///   user is missing from it), the line that never ends, or what reading failed.
  func tally(lines source: ByteSource, name: String) async throws -> DiffTally {
    var reader = LineBatchReader(source)
    let limit = reader.maximumLineBytes
    var total = DiffTally(keys: table.keys.count)
    var firstBad: (line: Int, message: String)?
    try await pieces.run { () throws(InputFileError) -> LineBatch? in
      // Once a line is bad, no more are read: the run stops at the first.
      guard firstBad == nil else { return nil }
      do {
        return try reader.next()
      } catch let error as InputFileError {
        throw error
      } catch {
        // A line with no end in sight: named with the file, as a bad line is.
        throw InputFileError(path: name, reason: "\(error)")
      }
    } work: { batch -> (DiffTally?, (line: Int, message: String)?) in
      var users: [DiffUser] = []
      var bad: (line: Int, message: String)?
      batch.forEachLine { number, line, overlong in
        guard bad == nil else { return }
        do throws(LineError) {
          let object = try JSONLinesInput.object(line, overlongBeyond: overlong ? limit : nil)
          users.append(try DiffUser(line: object, number: number))
        } catch {
          bad = (number, error.description)
        }
      }
      return (bad == nil ? tally(users) : nil, bad)
    } merge: { (result: (tally: DiffTally?, bad: (line: Int, message: String)?)) in
      let (tally, bad) = result
      if let bad, bad.line < firstBad?.line ?? .max { firstBad = bad }
      if let tally { total.merge(tally) }
    }
    if let firstBad {
      throw InputFileError(
        path: name, reason: Excerpt.line("line \(firstBad.line): \(firstBad.message)"))
    }
    return total
  }
}
