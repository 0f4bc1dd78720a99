import ConfigEngine
import ConfigRouting
import Core
import Foundation
import RootRouting

/// What `diff` reports: the change itself, the population, and per key and for the root
/// route how many users it moves, between what, and why for one example user each. Built
/// from a tally once every user is counted; only the examples are explained, and the text,
/// JSON and HTML are each one rendering of it.
struct DiffReport: Sendable {
  /// The most transitions listed per key and for routes; the rest are counted together.
  static let listedTransitions = 5

  /// Who was measured.
  struct Population: Sendable {
    let source: DiffPopulation
    let users: Int
    let routed: Int
    /// The evaluation time of users whose context gives none.
    let now: Date
  }

  /// Users whose key went from one value to another (nil: none), with the first of them.
  struct ValueTransition: Sendable {
    let from: String?
    let to: String?
    let users: Int
    let example: DiffUser
    /// The old template's explanation of the example's value, and the new one's.
    let before: [String]
    let after: [String]

    /// `"[1]" -> "[1, 2]"`.
    var label: String { "\(DiffReport.shown(from)) -> \(DiffReport.shown(to))" }
  }

  /// A key some users' values changed for.
  struct KeyImpact: Sendable {
    let key: String
    let changedUsers: Int
    /// The most frequent transitions, most users first (ties by label).
    let transitions: [ValueTransition]
    /// The transitions not listed, and their users.
    let otherTransitions: Int
    let otherUsers: Int
  }

  /// Routed users whose route went from one screen (or set of orientations) to another.
  struct RouteChange: Sendable {
    let transition: RouteTransition
    let users: Int
    /// The first of them: its number in the population, and who it is.
    let number: Int
    let example: RouteScenario
    /// The example's route with the old template and with the new.
    let before: Route
    let after: Route
  }

  /// What happened to the root route.
  struct Routes: Sendable {
    let changedUsers: Int
    let transitions: [RouteChange]
    let otherTransitions: Int
    let otherUsers: Int
    /// Every screen some routed user got on either side, with its users before and after,
    /// most users (before, then after) first.
    let screens: [(name: String, before: Int, after: Int)]
  }

  let old: DiffSide
  let new: DiffSide
  let change: TemplateChange
  let population: Population
  /// Users whose value changed for at least one key.
  let usersWithChangedValues: Int
  /// The keys whose value changed for some user, most users first (ties by key).
  let values: [KeyImpact]
  /// Every other key either template or the in-app defaults know, sorted.
  let unchangedKeys: [String]
  let routes: Routes

  /// The report of `tally`, explaining each listed transition's example with both
  /// templates.
  init(
    old: DiffSide, new: DiffSide, population source: DiffPopulation, now: Date,
    table: DiffKeyTable, tally: DiffTally
  ) {
    self.old = old
    self.new = new
    change = TemplateChange(from: old.router.template.template, to: new.router.template.template)
    population = Population(source: source, users: tally.users, routed: tally.routed, now: now)
    usersWithChangedValues = tally.usersWithChangedValues
    var impacts: [KeyImpact] = []
    var unchanged: [String] = []
    for (index, key) in table.keys.enumerated() {
      guard tally.changedValues[index] > 0 else {
        unchanged.append(key)
        continue
      }
      let all = tally.valueTransitions[index].map { transition, count in
        (
          from: table.values[index][Int(transition.from)],
          to: table.values[index][Int(transition.to)], count: count
        )
      }.sorted { left, right in
        left.count.users != right.count.users
          ? left.count.users > right.count.users
          : "\(Self.shown(left.from)) -> \(Self.shown(left.to))"
            < "\(Self.shown(right.from)) -> \(Self.shown(right.to))"
      }
      let listed = all.prefix(Self.listedTransitions).map { entry in
        ValueTransition(
          from: entry.from, to: entry.to, users: entry.count.users, example: entry.count.example,
          before: Self.explain(key, for: entry.count.example, with: old.router, now: now),
          after: Self.explain(key, for: entry.count.example, with: new.router, now: now))
      }
      impacts.append(
        KeyImpact(
          key: key, changedUsers: tally.changedValues[index], transitions: listed,
          otherTransitions: all.count - listed.count,
          otherUsers: all.dropFirst(listed.count).map(\.count.users).reduce(0, +)))
    }
    values = impacts.sorted {
      $0.changedUsers != $1.changedUsers ? $0.changedUsers > $1.changedUsers : $0.key < $1.key
    }
    unchangedKeys = unchanged

    let routeChanges = tally.routeTransitions.sorted { left, right in
      left.value.users != right.value.users
        ? left.value.users > right.value.users : left.key.label < right.key.label
    }
    let listedRoutes = routeChanges.prefix(Self.listedTransitions).map { transition, count in
      RouteChange(
        transition: transition, users: count.users, number: count.number,
        example: count.example,
        before: count.example.plan(with: old.router, now: now).route,
        after: count.example.plan(with: new.router, now: now).route)
    }
    let screenNames = Set(tally.screensBefore.keys).union(tally.screensAfter.keys)
    routes = Routes(
      changedUsers: tally.changedRoutes, transitions: listedRoutes,
      otherTransitions: routeChanges.count - listedRoutes.count,
      otherUsers: routeChanges.dropFirst(listedRoutes.count).map(\.value.users).reduce(0, +),
      screens: screenNames.map {
        (name: $0, before: tally.screensBefore[$0] ?? 0, after: tally.screensAfter[$0] ?? 0)
      }.sorted {
        ($0.before, $0.after, $1.name) > ($1.before, $1.after, $0.name)
      })
  }

  /// The reasons `router`'s template gives for `key`'s value for `user`, evaluated as the
  /// run evaluated it (a routed user's context completed with the app's signals).
  private static func explain(
    _ key: String, for user: DiffUser, with router: ConfigRouter, now: Date
  ) -> [String] {
    let context: EvaluationContext
    switch user.kind {
    case .routed(let scenario):
      context = AppSignals.completing(scenario.context, for: scenario.input)
    case .evaluated(let given): context = given
    }
    return router.template.explain(key: key, context, defaults: router.defaults, now: now)
      .reasons.map(\.description)
  }

  /// A value as reports show it: JSON-quoted (so `"1"`, `""` and `"[1, 2]"` read apart),
  /// `(none)` for no value.
  static func shown(_ value: String?) -> String {
    value.map { JSONValue.string($0).jsonText } ?? "(none)"
  }
}
