/// Whom `diff` measures a change on.
enum DiffPopulation: Sendable {
  /// `--users N --seed S`: the synthetic population `simulate` draws, every user routed.
  case synthetic(users: Int, seed: Int)
  /// `--contexts C.jsonl`: a file (or `-`, standard input) of `evaluate` context lines and
  /// `route --scenarios` lines.
  case contexts(path: String)
}
