import Core
import RootRouting

/// How `root` prints a line's outcome: one JSON object for machines, or words for people.
enum RootTranscriptReport {
  /// `{"line": N, "actions": [...]}`, with `"dropped": "why"` when the event was dropped (a
  /// late answer, or one to no work). Actions: `{"action": "fetchConfig"}`, `{"action":
  /// "restoreSession"}`, `{"action": "loadProfile", "user": "u1"}`, `{"action":
  /// "startLoadingTimer"}`, `{"action": "cancelLoadingTimer"}`, `{"action": "showRoute",
  /// "screen", "reasons", "orientations"}` (as `route` prints a route), `{"action":
  /// "openStoreURL", "url": "..."}`.
  static func write(
    _ outcome: RootTranscript.Outcome, line: Int, into writer: inout JSONTextWriter
  ) {
    writer.writeRaw(#"{"line":\#(line),"actions":["#)
    for (index, action) in outcome.actions.enumerated() {
      if index > 0 { writer.writeByte(UInt8(ascii: ",")) }
      writer.writeRaw(#"{"action":"#)
      writer.writeString(action.name)
      switch action {
      case .loadProfile(let user):
        writer.writeRaw(#","user":"#)
        writer.writeString(user.rawValue)
      case .showRoute(let route):
        writer.writeByte(UInt8(ascii: ","))
        RouteReport.writeMembers(route, into: &writer)
      case .openStoreURL(let url):
        writer.writeRaw(#","url":"#)
        writer.writeString(url)
      case .fetchConfig, .restoreSession, .startLoadingTimer, .cancelLoadingTimer: break
      }
      writer.writeByte(UInt8(ascii: "}"))
    }
    writer.writeByte(UInt8(ascii: "]"))
    if let dropped = outcome.dropped {
      writer.writeRaw(#","dropped":"#)
      writer.writeString(dropped.name)
    }
    writer.writeByte(UInt8(ascii: "}"))
  }

  /// The line's event and what became of it, for `--explain`: a heading, then each action
  /// (a route with its orientations and reasons), or why the event was dropped.
  static func explanation(
    _ outcome: RootTranscript.Outcome, of event: RootTranscriptEvent, line: Int
  ) -> String {
    var lines = ["line \(line): \(event.description)"]
    if let dropped = outcome.dropped {
      lines.append("  dropped (\(dropped.name)): \(dropped.explanation)")
    } else if outcome.actions.isEmpty {
      lines.append("  nothing to do")
    }
    for action in outcome.actions {
      switch action {
      case .loadProfile(let user): lines.append("  loadProfile of \(user)")
      case .openStoreURL(let url): lines.append("  openStoreURL \(url)")
      case .showRoute(let route):
        lines.append("  showRoute \(route.screen.name)\(RouteReport.detail(route.screen))")
        lines.append("    orientations: \(route.orientations.shortNames.joined(separator: ", "))")
        lines += route.reasons.map { "    - \($0)" }
      case .fetchConfig, .restoreSession, .startLoadingTimer, .cancelLoadingTimer:
        lines.append("  \(action.name)")
      }
    }
    return lines.joined(separator: "\n")
  }
}

extension RootStateMachine.Action {
  /// The action's name in `root`'s output: a public interface.
  var name: String {
    switch self {
    case .fetchConfig: "fetchConfig"
    case .restoreSession: "restoreSession"
    case .loadProfile: "loadProfile"
    case .startLoadingTimer: "startLoadingTimer"
    case .cancelLoadingTimer: "cancelLoadingTimer"
    case .showRoute: "showRoute"
    case .openStoreURL: "openStoreURL"
    }
  }
}

extension RootTranscript.Drop {
  /// The reason's name in `root`'s output: a public interface.
  var name: String {
    switch self {
    case .stale(let staleness): staleness.name
    case .profileNotLoading: "profileNotLoading"
    }
  }

  /// The reason in words.
  var explanation: String {
    switch self {
    case .stale(let staleness): staleness.explanation
    case .profileNotLoading:
      "no load of this user's profile waits (it was answered, or failed and waits for the app"
        + " to become active)"
    }
  }
}

extension RootRuntime.Staleness {
  /// The reason's name in `root`'s output: a public interface.
  var name: String {
    switch self {
    case .fetchSuperseded: "fetchSuperseded"
    case .configNotNewer: "configNotNewer"
    case .restoreSuperseded: "restoreSuperseded"
    case .sessionEnded: "sessionEnded"
    case .timerCancelled: "timerCancelled"
    }
  }

  /// The reason in words.
  var explanation: String {
    switch self {
    case .fetchSuperseded: "no fetch waits for an answer"
    case .configNotNewer: "the values are not newer than those applied"
    case .restoreSuperseded: "no restore waits for an answer"
    case .sessionEnded: "no load of this user's profile waits (the session ended)"
    case .timerCancelled: "no loading timer runs (cancelled, or never started)"
    }
  }
}
