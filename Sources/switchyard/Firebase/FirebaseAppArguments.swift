import Core
import FirebaseServices

/// `--firebase-app APP_ID --api-key KEY [--project P]`: the tool as a Firebase app (an
/// installation, Firebase's app fetch, the real-time stream), for `fetch`, `watch`, `route`
/// and `home`.
///
/// The API key may come from `SWITCHYARD_FIREBASE_API_KEY` instead of the command line, so it
/// need not be in a shell's history. It is never printed. Google's three hosts are replaced by
/// `FIREBASE_REMOTE_CONFIG_URL_BASE`, `SWITCHYARD_FIREBASE_INSTALLATIONS_URL_BASE` and
/// `SWITCHYARD_FIREBASE_REALTIME_URL_BASE`.
enum FirebaseAppArguments {
  /// The variable the API key is read from when `--api-key` is not given.
  static let apiKeyVariable = "SWITCHYARD_FIREBASE_API_KEY"

  /// `--firebase-app APP_ID`.
  static let appOption = ToolOption.value(
    "--firebase-app", "APP_ID",
    "Be this Firebase app (its GOOGLE_APP_ID, 1:<number>:<ios|android|web>:<hex>): the values"
      + " Firebase evaluates for an installation of it.")
  /// `--api-key KEY`.
  static let apiKeyOption = ToolOption.value(
    "--api-key", "KEY",
    "The app's API key, with --firebase-app (default: \(apiKeyVariable)); never printed.")

  /// The app `arguments` name, on `environment`'s clock, hosts and randomness; nil without
  /// `--firebase-app`.
  /// - Throws: `UsageError` for an unusable app id, a missing or unusable API key, or
  ///   `--api-key` without `--firebase-app`; `FirebaseEndpointError` for an unusable URL base.
  /// Whether the arguments ask for a Firebase app (`--firebase-app`).
  static func isRequested(_ arguments: ParsedArguments) -> Bool {
    arguments.value(appOption.name) != nil
  }

  static func app(
    _ arguments: ParsedArguments, environment: NetworkCommandEnvironment
  ) throws -> FirebaseApp? {
    guard let appID = arguments.value(appOption.name) else {
      if arguments.value(apiKeyOption.name) != nil {
        throw UsageError(
          command: arguments.command, message: "'--api-key' goes with '--firebase-app'")
      }
      return nil
    }
    let key = arguments.value(apiKeyOption.name) ?? environment.variables[apiKeyVariable] ?? ""
    guard !key.isEmpty else {
      throw UsageError(
        command: arguments.command,
        message: "'--firebase-app' needs the app's API key: '--api-key KEY' or \(apiKeyVariable)")
    }
    let options: FirebaseAppOptions
    do {
      options = try FirebaseAppOptions(
        appID: appID, apiKey: key, projectID: arguments.value(FirebaseProject.projectOption.name))
    } catch {
      throw UsageError(command: arguments.command, message: error.message)
    }
    return FirebaseApp(
      options: try options.withEndpoints(from: environment.variables),
      timeSource: environment.timeSource, random: environment.random)
  }
}
