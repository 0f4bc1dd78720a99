import Core
import RootRouting

/// The tallies of one simulation: screens, and each feature's answers by reason.
struct SimulationReport: Sendable {
  let users: Int
  let seed: Int
  private let descriptors: [FeatureDescriptor]
  private var screens: [String: Int] = [:]
  /// Per feature (in descriptor order): how many users each "serves" and "declines" reason got.
  private var answers: [[Bool: [String: Int]]]

  init(users: Int, seed: Int, descriptors: [FeatureDescriptor]) {
    self.users = users
    self.seed = seed
    self.descriptors = descriptors
    answers = descriptors.map { _ in [:] }
  }

  /// Adds the tallies of `other`, a report on other users of the same population.
  mutating func merge(_ other: SimulationReport) {
    screens.merge(other.screens, uniquingKeysWith: +)
    for index in answers.indices {
      answers[index].merge(other.answers[index]) { $0.merging($1, uniquingKeysWith: +) }
    }
  }

  /// Counts one user's screen and every feature's answer for them (whether or not the
  /// router got that far: a feature's reach is worth seeing behind the gates too), from the
  /// rules the route's configuration already made (none when no config was available).
  mutating func record(_ user: RouteScenario, _ route: Route, configuration: RouteConfiguration?) {
    screens[route.screen.name, default: 0] += 1
    guard let grade = user.grade, let configuration else { return }
    let featureUser = FeatureUser(grade: grade, idiom: user.idiom)
    for (index, eligibility) in configuration.eligibility(for: featureUser).enumerated() {
      answers[index][eligibility.serves, default: [:]][eligibility.reason.message, default: 0] += 1
    }
  }

  private static func sorted(_ counts: [String: Int]) -> [(String, Int)] {
    counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
  }

  private func share(_ count: Int) -> String {
    let tenths = (count * 1_000 + users / 2) / users
    return "\(tenths / 10).\(tenths % 10)%"
  }

  /// The report for people.
  func text(templateName: String) -> String {
    var lines = ["\(users) simulated users (seed \(seed)) through \(templateName)", "", "screens"]
    lines += AlignedColumns.format(
      Self.sorted(screens).map { ["  " + $0.0, String($0.1), share($0.1)] })
    for (index, descriptor) in descriptors.enumerated() {
      let serves = answers[index][true] ?? [:]
      let declines = answers[index][false] ?? [:]
      let served = serves.values.reduce(0, +)
      lines += ["", "\(descriptor.id): serves \(served) (\(share(served))) of the signed-in users"]
      lines += AlignedColumns.format(
        Self.sorted(serves).map { ["  serves", String($0.1), $0.0] }
          + Self.sorted(declines).map { ["  declines", String($0.1), $0.0] })
    }
    return lines.joined(separator: "\n")
  }

  /// The report for machines: `{"users", "seed", "screens": {name: count},
  /// "features": {id: {"serves": {reason: count}, "declines": {reason: count}}}}`.
  var json: JSONValue {
    func counts(_ dictionary: [String: Int]) -> JSONValue {
      .object(JSONObject(Self.sorted(dictionary).map { ($0.0, .number(JSONNumber($0.1))) }))
    }
    var features = JSONObject()
    for (index, descriptor) in descriptors.enumerated() {
      features[descriptor.id.rawValue] = [
        "serves": counts(answers[index][true] ?? [:]),
        "declines": counts(answers[index][false] ?? [:]),
      ]
    }
    return [
      "users": .number(JSONNumber(users)), "seed": .number(JSONNumber(seed)),
      "screens": counts(screens), "features": .object(features),
    ]
  }
}
