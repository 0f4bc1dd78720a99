import Core

/// One benchmark `switchyard-bench` can run: a name, what it measures, and a body that
/// prints its figures through a `BenchmarkReport`.
struct Benchmark: Sendable {
  /// The name `--only` selects, e.g. `evaluation`.
  let name: String
  /// One line saying what is measured.
  let summary: String
  /// Runs the measurement with the command line's settings and reports figures.
  let run: @Sendable (BenchmarkReport, BenchSettings) async throws -> Void

  /// Every benchmark, in the order they run.
  static let all: [Benchmark] = [
    .evaluation, .flags, .simulate, .routing, .client, .diff, .httpServer, .ofrep,
  ]
}

/// What the command line sets for the benchmarks that take a size.
struct BenchSettings: Sendable {
  /// Context lines the `switchyard evaluate` figure runs on (`--lines N`).
  var evaluateLines = 10_000

  /// The settings from `options`' `--lines`.
  /// - Throws: `BenchUsageError` when the value is not a whole number from 1 to 10,000,000.
  init(_ options: BenchOptions) throws(BenchUsageError) {
    guard let text = options.values["--lines"] else { return }
    guard let lines = Int(text), (1...10_000_000).contains(lines) else {
      throw BenchUsageError(
        "option '--lines' needs a whole number from 1 to 10000000, not \(Excerpt.quoted(text))")
    }
    evaluateLines = lines
  }
}

/// Collects a benchmark's figures and prints them as aligned `name  value  unit` rows.
final class BenchmarkReport: Sendable {
  private let io: BenchIO
  private let benchmark: String

  init(io: BenchIO, benchmark: String) {
    self.io = io
    self.benchmark = benchmark
  }

  /// Prints one figure, e.g. `figure("evaluations per second", 123_456, unit: "/s")`; a
  /// negative one (a change) with its sign.
  func figure(_ name: String, _ value: Double, unit: String) {
    let magnitude = abs(value)
    var formatted = value < 0 && (magnitude * 100).rounded() > 0 ? "-" : ""
    if magnitude >= 100 {
      formatted += Self.grouped(Int(magnitude.rounded()))
    } else {
      let hundredths = Int((magnitude * 100).rounded())
      formatted += String(hundredths / 100) + "." + Self.twoDigits(hundredths % 100)
    }
    io.printLine([benchmark, name, formatted, unit].joined(separator: "  "))
  }

  /// Prints a free-form note under the figures (the input size, the machine, ...).
  func note(_ text: String) {
    io.printLine("\(benchmark): \(text)")
  }

  private static func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}
