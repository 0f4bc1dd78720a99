import Foundation

// The bench tool's entry point: everything else is in `BenchTool`, which tests call
// in-process with captured streams.
let status = await BenchTool.run(arguments: Array(CommandLine.arguments.dropFirst()), io: .standard)
exit(status)
