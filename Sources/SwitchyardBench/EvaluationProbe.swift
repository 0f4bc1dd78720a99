import ConfigEngine
import Core

/// `switchyard-bench __evaluations --count N`: evaluates the evaluation benchmark's template
/// N times over its first 1,000 contexts in turn and prints a checksum of the values read.
/// Not listed in `--help`.
///
/// Made for instruction counts, which stay repeatable on a busy machine where times do not:
/// two runs under `valgrind --tool=callgrind` with different counts differ by evaluations
/// alone, so (instructions(2N) − instructions(N)) / N is the cost of one evaluation. It runs
/// synchronously, before the tool starts any concurrency, because valgrind cannot follow the
/// threads of Swift's concurrency pool.
enum EvaluationProbe {
  /// The word that selects the probe.
  static let name = "__evaluations"

  /// Runs the probe when `arguments` select it; nil when they do not.
  static func run(arguments: [String], io: BenchIO) -> Int32? {
    guard arguments.first == name else { return nil }
    do {
      let options = try BenchOptions(arguments.dropFirst(), allowed: ["--count"])
      let text = try options.required("--count")
      guard let count = Int(text), count >= 0 else {
        throw BenchUsageError("option '--count' needs a whole number, not \(Excerpt.quoted(text))")
      }
      io.printLine("\(count) evaluations, checksum \(evaluate(count: count))")
      return BenchTool.Status.success
    } catch {
      io.printError("switchyard-bench \(name): \(error) (see 'switchyard-bench --help')")
      return BenchTool.Status.usage
    }
  }

  /// Evaluates `count` times and sums the lengths of one key's values.
  static func evaluate(count: Int) -> Int {
    let (template, contexts) = EvaluationWorkload.prepared(contexts: 1_000)
    var checksum = 0
    // Contexts are read in place, as a server evaluates the context it holds.
    contexts.withUnsafeBufferPointer { contexts in
      for index in 0..<count {
        let values = template.evaluate(
          contexts[index % contexts.count], now: EvaluationWorkload.now)
        checksum &+= values.configValue(forKey: "param_17")?.rawValue.utf8.count ?? 0
      }
    }
    return checksum
  }
}
