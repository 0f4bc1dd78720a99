import Core
import RootRouting

extension ToolCommand {
  /// `switchyard orientation`: predicts, for each JSON line describing an app, a device and
  /// a feature, which orientations UIKit allows.
  static let orientation = ToolCommand(
    name: "orientation",
    summary: "Predict UIKit's effective orientations for each JSON-lines case.",
    synopsis: "switchyard orientation --input O.jsonl",
    options: [.value("--input", "O.jsonl", "The cases, one JSON object per line ('-' = stdin).")]
  ) { arguments, io in
    try await JSONLinesInput.run(
      try arguments.required("--input"), io: io,
      JSONLinesAnswer { object, _, writer in
        OrientationCaseJSON.write(
          OrientationPolicy.decide(try OrientationCaseJSON.scenario(object)), into: &writer)
      })
  }
}
