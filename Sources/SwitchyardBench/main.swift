import Foundation

// The bench tool's entry point: everything else is in `BenchTool`, which tests call
// in-process with captured streams. The profiling probe first, before any concurrency starts: valgrind cannot follow the
// threads of Swift's concurrency pool.
let arguments = Array(CommandLine.arguments.dropFirst())
if let status = EvaluationProbe.run(arguments: arguments, io: .standard) { exit(status) }
let status = await BenchTool.run(arguments: arguments, io: .standard)
exit(status)
