import ConfigClient
import ConfigEngine

/// The one way the tool prints what a template holds that Switchyard cannot read or evaluate
/// (a part of a condition this version does not know, say): one line per problem on standard
/// error, as its other warnings are, so standard output stays what the command promises.
enum TemplateWarnings {
  /// Prints each of `problems` as `switchyard <command>: warning: [<source>: ]<place>: <what>`.
  static func print(
    _ problems: [TemplateProblem], command: String, source: String? = nil, io: ToolIO
  ) {
    for problem in problems {
      let place = [source, problem.location.isEmpty ? nil : problem.location]
        .compactMap { $0 }.map { $0 + ": " }.joined()
      io.printError("switchyard \(command): warning: \(place)\(problem.message)")
    }
  }
}
