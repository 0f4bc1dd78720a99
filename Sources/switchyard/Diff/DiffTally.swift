import ConfigEngine
import Core
import RootRouting

/// What a piece of a `diff` population did: per key, how many users' values changed and
/// between which values (by `DiffKeyTable` number); how many routed users changed route and
/// between which routes; each screen's users before and after. Tallies of pieces merge in
/// any order to the same tally: counts add, and each transition keeps the example with the
/// smallest population number.
struct DiffTally: Sendable {
  /// How many users took one transition, and the first of them in population order: its
  /// number and what the report needs to explain it.
  struct Count<Example: Sendable>: Sendable {
    var users: Int
    var number: Int
    var example: Example

    init(_ number: Int, _ example: Example) {
      users = 0
      self.number = number
      self.example = example
    }

    mutating func merge(_ other: Count) {
      users += other.users
      if other.number < number {
        number = other.number
        example = other.example
      }
    }
  }

  /// A key's value before and after, as `DiffKeyTable` numbers.
  struct ValueTransition: Hashable, Sendable {
    let from: Int32
    let to: Int32
  }

  /// Users in the population.
  private(set) var users = 0
  /// Users routed (the others were only evaluated).
  private(set) var routed = 0
  /// Users whose value changed for at least one key.
  private(set) var usersWithChangedValues = 0
  /// Per key (in `DiffKeyTable` order): users whose value changed.
  private(set) var changedValues: [Int]
  /// Per key: the users of each transition.
  private(set) var valueTransitions: [[ValueTransition: Count<DiffUser>]]
  /// Routed users whose screen or orientations changed.
  private(set) var changedRoutes = 0
  /// The users of each route transition.
  private(set) var routeTransitions: [RouteTransition: Count<RouteScenario>] = [:]
  /// Routed users per screen name with the old template, and with the new one.
  private(set) var screensBefore: [String: Int] = [:]
  private(set) var screensAfter: [String: Int] = [:]

  /// An empty tally over `keys` keys.
  init(keys: Int) {
    changedValues = Array(repeating: 0, count: keys)
    valueTransitions = Array(repeating: [:], count: keys)
  }

  /// Counts one user, routed or only evaluated. A tally is given its users in population
  /// order (a piece is), so the first user recorded for a transition is its example.
  mutating func countUser(routed isRouted: Bool) {
    users += 1
    if isRouted { routed += 1 }
  }

  /// Counts the keys whose value `user` has changed, from the values of both evaluations.
  mutating func recordValues(
    _ user: DiffUser, before: EvaluatedConfig, after: EvaluatedConfig, table: DiffKeyTable
  ) {
    var changed = false
    let (winnersBefore, winnersAfter) = (before.winningConditions, after.winningConditions)
    for key in table.comparedKeys {
      let from = table.old.number(ofKey: key, winners: winnersBefore)
      let to = table.new.number(ofKey: key, winners: winnersAfter)
      guard from != to else { continue }
      changed = true
      changedValues[key] += 1
      valueTransitions[key][
        ValueTransition(from: from, to: to), default: Count(user.number, user)
      ].users += 1
    }
    if changed { usersWithChangedValues += 1 }
  }

  /// Counts the screens of user `number`, and the route change if the screen or
  /// orientations differ.
  mutating func recordRoutes(
    _ number: Int, _ scenario: RouteScenario, before: Route, after: Route
  ) {
    screensBefore[before.screen.name, default: 0] += 1
    screensAfter[after.screen.name, default: 0] += 1
    guard let transition = RouteTransition(before, after) else { return }
    changedRoutes += 1
    routeTransitions[transition, default: Count(number, scenario)].users += 1
  }

  /// Adds the tally of other users of the same population.
  mutating func merge(_ other: DiffTally) {
    users += other.users
    routed += other.routed
    usersWithChangedValues += other.usersWithChangedValues
    for key in changedValues.indices {
      changedValues[key] += other.changedValues[key]
      valueTransitions[key].merge(other.valueTransitions[key]) { mine, theirs in
        var merged = mine
        merged.merge(theirs)
        return merged
      }
    }
    changedRoutes += other.changedRoutes
    routeTransitions.merge(other.routeTransitions) { mine, theirs in
      var merged = mine
      merged.merge(theirs)
      return merged
    }
    screensBefore.merge(other.screensBefore, uniquingKeysWith: +)
    screensAfter.merge(other.screensAfter, uniquingKeysWith: +)
  }
}
