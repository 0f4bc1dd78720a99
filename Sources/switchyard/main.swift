import Foundation

// The composition root's entry point: everything else is in `SwitchyardTool`, which tests
// call in-process with captured streams.
let status = await SwitchyardTool.run(
  arguments: Array(CommandLine.arguments.dropFirst()), io: .standard)
exit(status.rawValue)
