import ConfigEngine
import Core
import Foundation
import RootRouting

/// The single-user flags `route` and `home` share: who is signed in, on what, when.
enum UserFlags {
  /// The options, with their help.
  static let options: [ToolOption] = [
    .flag("--signed-in", "The user is signed in (route only; home always is)."),
    .value(
      "--stage", "S", "The signed-in user's school stage: elementary, juniorHigh, highSchool."),
    .value("--year", "N", "The signed-in user's year in that stage."),
    .value("--feature", "F", "A feature the backend assigned to the user."),
    .value("--idiom", "I", "The device: phone or pad (default phone)."),
    .value("--app-version", "V", "The app's version (default 2.3.0)."),
    .value("--now", "ISO", "The evaluation time, ISO-8601 with offset (default: now)."),
    .value("--user-id", "U", "The user's randomization id for percent conditions."),
  ]

  /// The scenario the flags describe; `signedIn` overrides `--signed-in`.
  static func scenario(
    _ arguments: ParsedArguments, signedIn: Bool? = nil
  ) throws(UsageError) -> RouteScenario {
    func invalid(_ option: String, _ message: String) -> UsageError {
      UsageError(command: arguments.command, message: "option '\(option)': \(message)")
    }
    let isSignedIn = signedIn ?? arguments.flag("--signed-in")
    var profile = ProfileStatus.notLoaded
    if let stage = arguments.value("--stage") {
      guard let year = try arguments.integer("--year", in: 0...99) else {
        throw UsageError(command: arguments.command, message: "option '--stage' needs '--year'")
      }
      do {
        let grade = try Grade(stage: SchoolStage(name: stage), year: year)
        profile = .loaded(
          UserProfile(
            grade: grade,
            assignedFeature: arguments.value("--feature").map(FeatureID.init(rawValue:))))
      } catch {
        throw invalid("--year", error.description)
      }
    } else if arguments.value("--year") != nil {
      throw UsageError(command: arguments.command, message: "option '--year' needs '--stage'")
    }
    var idiom = DeviceIdiom.phone
    if let name = arguments.value("--idiom") {
      guard let parsed = DeviceIdiom(rawValue: name) else {
        throw invalid("--idiom", "expected phone or pad, got '\(name)'")
      }
      idiom = parsed
    }
    var appVersion = RouteScenario.defaultAppVersion
    if let text = arguments.value("--app-version") {
      do {
        appVersion = try SemanticVersion(parsing: text)
      } catch {
        throw invalid("--app-version", error.description)
      }
    }
    var context = EvaluationContext(randomizationID: arguments.value("--user-id"))
    if let text = arguments.value("--now") {
      do {
        context.now = try Timestamp.parse(text)
      } catch {
        throw invalid("--now", error.description)
      }
    }
    return RouteScenario(
      session: isSignedIn ? .signedIn : .signedOut, profile: isSignedIn ? profile : .notLoaded,
      appVersion: appVersion, idiom: idiom, context: context)
  }
}
