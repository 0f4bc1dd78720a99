import ConfigClient
import Core
import Foundation

@testable import switchyard

/// Runs one command built for a test (its own clock and randomness) the way
/// `SwitchyardTool.run` runs the registered ones: parse, run, map errors to exit statuses.
enum CommandRunner {
  /// The network commands' environment at `date` on a clock that moves only when told, with
  /// no random delay before a real-time fetch.
  static func environment(at date: Date) -> NetworkCommandEnvironment {
    NetworkCommandEnvironment(timeSource: ManualTimeSource(now: date), random: .constant(0))
  }

  /// Runs `command` with `arguments` (without the command's name) and captures its output.
  static func run(_ command: ToolCommand, _ arguments: [String]) async -> (
    status: ExitStatus, capture: CapturedToolIO
  ) {
    let capture = CapturedToolIO()
    do {
      let parsed = try CommandLineParser.parse(arguments, for: command)
      return (try await command.run(parsed, capture.io), capture)
    } catch let error as UsageError {
      capture.io.printError(error.description)
      return (.usage, capture)
    } catch {
      capture.io.printError("switchyard \(command.name): error: \(error)")
      return (.failure, capture)
    }
  }
}
