import Core
import FirebaseServices

extension ToolCommand {
  /// `switchyard versions`: lists a Firebase project's template versions.
  static let versions = makeVersions(environment: .live)

  /// The `versions` command with `environment`'s credentials and hosts.
  ///
  /// One JSON line per version, newest first, with the members Firebase gave among
  /// `versionNumber` (a number), `updateTime`, `updateOrigin`, `updateType`, `updateUser` and
  /// `description`, in that order.
  static func makeVersions(environment: NetworkCommandEnvironment) -> ToolCommand {
    ToolCommand(
      name: "versions",
      summary: "List a Firebase project's template versions, newest first, one JSON line each.",
      synopsis: "switchyard versions [--project P] [--server] [--limit N]",
      options: [
        FirebaseProject.projectOption,
        FirebaseProject.serverOption,
        .value(
          "--limit", "N",
          "At most N versions (default: \(FirebaseManagementClient.maximumPageSize), all "
            + "Firebase keeps)."),
      ]
    ) { arguments, io in
      let limit =
        try arguments.integer("--limit", in: 1...Int.max)
        ?? FirebaseManagementClient.maximumPageSize
      let project = try await FirebaseProject.open(arguments, environment: environment)
      let management = project.management(arguments, environment: environment)
      for version in try await management.versions(limit: limit) {
        io.printLine(versionLine(version))
      }
      return .success
    }
  }

  /// One version as the `versions` command prints it.
  static func versionLine(_ version: RemoteConfigVersion) -> String {
    var line = JSONObject()
    line["versionNumber"] = version.versionNumber.map { .number(JSONNumber($0)) }
    line["updateTime"] = version.updateTime.map(JSONValue.string)
    line["updateOrigin"] = version.updateOrigin.map(JSONValue.string)
    line["updateType"] = version.updateType.map(JSONValue.string)
    line["updateUser"] = version.jsonObject["updateUser"]
    line["description"] = version.description.map(JSONValue.string)
    return JSONValue.object(line).jsonText
  }
}
