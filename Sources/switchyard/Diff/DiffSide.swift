import ConfigEngine
import ConfigRouting

/// One template `diff` compares: the file it came from and the router over it, with the
/// app's features and in-app defaults, as `route` and `simulate` build it.
struct DiffSide: Sendable {
  /// The path as given.
  let file: String
  let router: ConfigRouter

  /// The template's version number, when it has one.
  var version: Int? { router.template.versionNumber }

  /// `old.json (version 12)`, or the file alone.
  var label: String {
    version.map { "\(file) (version \($0))" } ?? file
  }
}
