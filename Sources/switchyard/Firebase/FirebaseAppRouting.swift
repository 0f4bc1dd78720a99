import ConfigClient
import ConfigEngine
import ConfigRouting
import Core

/// `route` and `home` with `--firebase-app`: the user the flags describe is routed from the
/// values Firebase serves an installation of the app for that user's signals, as the app
/// itself would be, instead of from a local template.
///
/// The context is the one the command builds from its flags, completed with the app's
/// signals (`AppSignals.completing`: `stage`, `year` and `idiom` as custom signals, the app
/// version), so Firebase evaluates the client template with them. Changed signals make the
/// fetch ignore the minimum interval; the same ones within it are served from the cache. With
/// Firebase unreachable the cached values route, with a warning; with nothing cached the
/// command exits 1.
enum FirebaseAppRouting {
  /// The options `route` and `home` add for it.
  static let options: [ToolOption] = [
    FirebaseAppArguments.appOption, FirebaseAppArguments.apiKeyOption,
    FirebaseProject.projectOption,
    .value(
      "--cache", "DIR", "With --firebase-app: the directory the app's client keeps its state in."),
    CachedRemoteConfig.timeoutOption,
  ]

  /// Refuses the options that only go with `--firebase-app` when it is not given, and
  /// `--template` when it is.
  /// - Throws: `UsageError`.
  static func checkOptions(_ arguments: ParsedArguments) throws(UsageError) {
    guard FirebaseAppArguments.isRequested(arguments) else {
      for option in options.map(\.name) where arguments.value(option) != nil {
        throw UsageError(
          command: arguments.command, message: "'\(option)' goes with '--firebase-app'")
      }
      return
    }
    if arguments.value(TemplateFile.optionalOption.name) != nil {
      throw UsageError(
        command: arguments.command,
        message: "'--firebase-app' routes from the values Firebase serves: drop '--template'")
    }
  }

  /// The template `route` and `home` route from: with `--firebase-app`, the app's active
  /// values for `scenario`'s user (`activeTemplate`; nil when there are none, the reason on
  /// standard error); else `--template`'s, or the built-in sample.
  /// - Parameter scenario: the one user the flags describe, or nil for `--scenarios`'
  ///   many, which `--firebase-app` refuses.
  /// - Throws: `UsageError`, `InputFileError`, `FirebaseEndpointError`.
  static func template(
    for scenario: RouteScenario?, _ arguments: ParsedArguments, io: ToolIO,
    environment: NetworkCommandEnvironment
  ) async throws -> CompiledTemplate? {
    try checkOptions(arguments)
    guard FirebaseAppArguments.isRequested(arguments) else {
      return try TemplateFile.loadOrSample(arguments, io: io)
    }
    guard let scenario else {
      throw UsageError(
        command: arguments.command,
        message: "'--firebase-app' routes the one user the flags describe, not '--scenarios'")
    }
    return try await activeTemplate(for: scenario, arguments, io: io, environment: environment)
  }

  /// The app's active values for `scenario`'s user after a fetch and an activation, as a
  /// template of default values (what Firebase evaluated); nil when nothing could be fetched
  /// and nothing is cached (the reason is on standard error).
  /// - Throws: `UsageError` for missing or unusable options; `FirebaseEndpointError`.
  static func activeTemplate(
    for scenario: RouteScenario, _ arguments: ParsedArguments, io: ToolIO,
    environment: NetworkCommandEnvironment
  ) async throws -> CompiledTemplate? {
    let context = AppSignals.completing(scenario.context, for: scenario.input)
    let remote = try await CachedRemoteConfig.open(
      arguments, io: io, environment: environment, autoActivate: false, context: context)
    guard await remote.fetchAndActivate(arguments.command, io: io) else { return nil }
    return remote.client.snapshot.template
  }
}
