import Core
import RootRouting

extension JSONFields {
  /// A profile member, as `route`'s scenarios and `root`'s events give it:
  /// `{"stage": "elementary"|"juniorHigh", "year": N, "feature": null|"..."}`, with both the
  /// stage and the year.
  func profile(_ name: String) throws(LineError) -> UserProfile? {
    guard let fields = try object(name, allowed: ["stage", "year", "feature"]) else { return nil }
    guard let stage = try fields.string("stage"),
      let year = try fields.integer("year", in: 0...99, expected: "a school year such as 2")
    else { throw failure(name, "needs both 'stage' and 'year'") }
    let grade: Grade
    do {
      grade = try Grade(stage: SchoolStage(name: stage), year: year)
    } catch {
      throw failure(name, "\(error)")
    }
    let feature = try fields.string("feature").map(FeatureID.init(rawValue:))
    return UserProfile(grade: grade, assignedFeature: feature)
  }
}
