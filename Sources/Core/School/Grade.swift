/// A user's school grade: a stage and a year within it, e.g. elementary year 3.
///
/// A `Grade` is always valid: the year lies in the stage's `validYears`. Backend JSON
/// `{"stage": "elementary", "year": 1}` decodes into it; a bad field is a decoding error
/// whose coding path names that field.
public struct Grade: Sendable, Hashable {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public let stage: SchoolStage
  /// The year within the stage, 1-based.
  public let year: Int

  /// Year `year` of `stage`, checked against the years the stage has.
  /// - Throws: `GradeError.yearOutOfRange` when `year` is outside `stage.validYears`, or
  ///   `GradeError.emptyStage` when an unknown stage has an empty name.
  public init(stage: SchoolStage, year: Int) throws(GradeError) {
    if case .other(let name) = stage, name.isEmpty { throw .emptyStage }
    guard stage.validYears.contains(year) else {
      throw .yearOutOfRange(stage: stage, year: year)
    }
    self.stage = stage
    self.year = year
  }

  /// Elementary school, the given year (1...6).
  public static func elementary(_ year: Int) throws(GradeError) -> Grade {
    try Grade(stage: .elementary, year: year)
  }

  /// Junior-high school, the given year (1...3).
  public static func juniorHigh(_ year: Int) throws(GradeError) -> Grade {
    try Grade(stage: .juniorHigh, year: year)
  }
}

/// Why a stage and year do not make a grade.
public enum GradeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The stage name was empty.
  case emptyStage
  /// The year is outside the stage's valid years.
  case yearOutOfRange(stage: SchoolStage, year: Int)

  /// For example `year 7 is not a year of elementary (valid: 1...6)`.
  public var description: String {
    switch self {
    case .emptyStage:
      "stage is empty"
    case .yearOutOfRange(let stage, let year):
      "year \(year) is not a year of \(stage) (valid: \(stage.validYears.lowerBound)...\(stage.validYears.upperBound))"
    }
  }
}

extension Grade: CustomStringConvertible {
  /// For example `elementary 3`.
  public var description: String { "\(stage) \(year)" }
}

extension Grade: Codable {
  private enum CodingKeys: String, CodingKey {
    case stage
    case year
  }

  /// Decodes `{"stage": "elementary", "year": 1}`; errors name the field at fault.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let name = try container.decode(String.self, forKey: .stage)
    guard !name.isEmpty else {
      throw DecodingError.dataCorruptedError(
        forKey: .stage, in: container, debugDescription: "stage is empty")
    }
    let stage = SchoolStage(name: name)
    let year = try container.decode(Int.self, forKey: .year)
    do {
      self = try Grade(stage: stage, year: year)
    } catch {
      throw DecodingError.dataCorruptedError(
        forKey: .year, in: container, debugDescription: error.description)
    }
  }

  /// Encodes as `json`.
  public func encode(to encoder: any Encoder) throws {
    try json.encode(to: encoder)
  }

  /// `{"stage": "...", "year": N}`: the grade in the models that print it, in one place.
  public var json: JSONValue {
    ["stage": .string(stage.name), "year": .number(JSONNumber(year))]
  }
}
