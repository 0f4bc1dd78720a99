import ConfigEngine
import Core
import RootRouting

extension DiffReport {
  /// How many unchanged keys the text names before it says how many more there are.
  static let namedUnchangedKeys = 8

  /// The report for people: the change, the population, each key whose value changed for
  /// some user with its transitions and an example explained by both templates, the keys
  /// nothing changed for in one line, and the routes.
  var text: String {
    var lines = ["diff \(old.label) -> \(new.label)", ""]
    let entries = change.entries
    if entries.isEmpty {
      lines.append("changes: none (the same parameters and conditions, in the same order)")
    } else {
      lines.append("changes: \(entries.count)")
      for entry in entries {
        lines.append("  " + entry.title)
        lines += entry.details.map { "    " + $0 }
      }
    }
    lines += ["", "population: " + populationText]
    lines.append("")
    lines += valuesText
    lines.append("")
    lines += routesText
    return lines.joined(separator: "\n")
  }

  /// `1000 synthetic users (seed 1), all routed, at 2026-06-01T12:00:00Z`.
  var populationText: String {
    let who: String
    switch population.source {
    case .synthetic(_, let seed):
      who = "\(population.users) synthetic users (seed \(seed))"
    case .contexts(let path):
      who = "\(population.users) users from \(Excerpt.of(path, length: 200))"
    }
    let routed =
      population.routed == 0
      ? "none routed"
      : population.routed == population.users
        ? "all routed"
        : "\(population.routed) routed, \(population.users - population.routed) only evaluated"
    let time = "at \(Timestamp.format(population.now))"
    switch population.source {
    case .synthetic: return "\(who), \(routed), \(time)"
    case .contexts: return "\(who), \(routed), \(time) unless a line gives its own"
    }
  }

  private var valuesText: [String] {
    var lines: [String] = []
    if values.isEmpty {
      lines.append("values: no user's value changes")
    } else {
      lines.append(
        "values: \(Self.users(usersWithChangedValues)) "
          + "(\(Self.share(usersWithChangedValues, of: population.users))) get another value for "
          + "\(values.count) \(Self.plural(values.count, "key"))")
    }
    for impact in values {
      lines.append(
        "  \(TemplateChange.name(impact.key)): \(Self.users(impact.changedUsers)) "
          + "(\(Self.share(impact.changedUsers, of: population.users)))")
      for transition in impact.transitions {
        lines.append("    \(Self.cut(transition.label)): \(Self.users(transition.users))")
        lines.append("      e.g. " + userText(transition.example.number, transition.example.kind))
        lines.append("        before: " + Self.cut(DiffReport.shown(transition.from)))
        lines += transition.before.map { "          " + $0 }
        lines.append("        after:  " + Self.cut(DiffReport.shown(transition.to)))
        lines += transition.after.map { "          " + $0 }
      }
      if impact.otherTransitions > 0 {
        lines.append(
          "    and \(impact.otherTransitions) more "
            + "\(Self.plural(impact.otherTransitions, "transition")): \(Self.users(impact.otherUsers))"
        )
      }
    }
    if !unchangedKeys.isEmpty {
      let named = unchangedKeys.prefix(Self.namedUnchangedKeys).map { Excerpt.of($0, length: 100) }
      let more = unchangedKeys.count - named.count
      lines.append(
        "  unchanged for every user: \(unchangedKeys.count) \(Self.plural(unchangedKeys.count, "key")) ("
          + named.joined(separator: ", ") + (more > 0 ? ", and \(more) more" : "") + ")")
    }
    return lines
  }

  private var routesText: [String] {
    guard population.routed > 0 else { return ["routes: no user was routed"] }
    var lines = ["routes: " + routesSummary]
    for change in routes.transitions {
      lines.append("  \(change.transition.label): \(Self.users(change.users))")
      lines.append("    e.g. " + userText(change.number, .routed(change.example)))
      for (side, route) in [("before: ", change.before), ("after:  ", change.after)] {
        lines.append("      \(side)\(Self.shown(route))")
        lines += route.reasons.map { "        - \($0)" }
      }
    }
    if routes.otherTransitions > 0 {
      lines.append(
        "  and \(routes.otherTransitions) more \(Self.plural(routes.otherTransitions, "transition")): "
          + Self.users(routes.otherUsers))
    }
    lines.append("  screens, before -> after:")
    lines += AlignedColumns.format(
      routes.screens.map { ["    " + $0.name, String($0.before), "-> \($0.after)"] })
    return lines
  }

  /// `2 of 3 routed users (66.7%) change route`, or that none does.
  var routesSummary: String {
    guard routes.changedUsers > 0 else { return "no routed user's route changes" }
    return "\(routes.changedUsers) of \(population.routed) routed users "
      + "(\(Self.share(routes.changedUsers, of: population.routed))) change route"
  }

  /// Who an example user is: `user 18: user-3fa2c1, signedIn, elementary year 2, pad, app
  /// 2.3.0`, or a context line as it was read.
  func userText(_ number: Int, _ kind: DiffUser.Kind) -> String {
    let place: String
    switch population.source {
    case .synthetic: place = "user \(number)"
    case .contexts: place = "line \(number)"
    }
    switch kind {
    case .evaluated(let context):
      return "\(place): " + Excerpt.of(JSONValue.object(context.jsonObject).jsonText, length: 300)
    case .routed(let scenario):
      var parts = [
        scenario.context.randomizationID.map { Excerpt.of($0, length: 100) } ?? "no user id",
        scenario.session.rawValue,
      ]
      switch scenario.profile {
      case .loaded(let profile):
        parts.append(
          "\(profile.grade.stage.name) year \(profile.grade.year)"
            + (profile.assignedFeature.map { " (assigned \($0.rawValue))" } ?? ""))
      case .notLoaded, .failed: parts.append("no profile")
      }
      parts += [scenario.idiom.rawValue, "app \(scenario.appVersion)"]
      if !scenario.configAvailable { parts.append("no config") }
      if let now = scenario.context.now { parts.append("at \(Timestamp.format(now))") }
      return "\(place): " + parts.joined(separator: ", ")
    }
  }

  /// `elementary (landscapeLeft, landscapeRight)`: a route's screen and orientations.
  static func shown(_ route: Route) -> String {
    "\(route.screen.name) (\(route.orientations.shortNames.joined(separator: ", ")))"
  }

  /// `1 user`, `412 users`.
  static func users(_ count: Int) -> String {
    "\(count) \(plural(count, "user"))"
  }

  static func plural(_ count: Int, _ noun: String) -> String {
    count == 1 ? noun : noun + "s"
  }

  /// `count` as a share of `total`, to a tenth of a percent: `41.2%`.
  static func share(_ count: Int, of total: Int) -> String {
    let tenths = (count * 1_000 + total / 2) / max(1, total)
    return "\(tenths / 10).\(tenths % 10)%"
  }

  /// A transition or value cut to one readable line.
  private static func cut(_ text: String) -> String {
    Excerpt.of(text, length: 300)
  }
}
