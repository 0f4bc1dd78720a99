import Core
import Foundation
import Testing

@Suite("Grade")
struct GradeTests {
  @Test(
    "accepts the years each stage has",
    arguments: [
      (SchoolStage.elementary, 1...6), (.juniorHigh, 1...3), (.highSchool, 1...3),
      (.other("university"), 1...3),
    ])
  func validYears(stage: SchoolStage, years: ClosedRange<Int>) throws {
    #expect(stage.validYears == years)
    for year in years {
      let grade = try Grade(stage: stage, year: year)
      #expect(grade.stage == stage && grade.year == year)
    }
    for year in [years.lowerBound - 1, years.upperBound + 1, -1, 100] {
      #expect(throws: GradeError.yearOutOfRange(stage: stage, year: year)) {
        try Grade(stage: stage, year: year)
      }
    }
  }

  @Test("an unknown stage is kept by name, an empty one is an error")
  func unknownStage() throws {
    #expect(SchoolStage(name: "university") == .other("university"))
    #expect(SchoolStage(name: "juniorHigh") == .juniorHigh)
    #expect(SchoolStage.other("university").name == "university")
    #expect(throws: GradeError.emptyStage) { try Grade(stage: .other(""), year: 1) }
  }

  @Test(
    "a grade decodes from the backend's JSON, members in any order, an unknown stage by name",
    arguments: [
      (#"{"stage": "elementary", "year": 1}"#, SchoolStage.elementary, 1),
      (#"{"stage": "juniorHigh", "year": 3}"#, .juniorHigh, 3),
      (#"{"year": 2, "stage": "highSchool"}"#, .highSchool, 2),
      (#"{"stage": "vocational", "year": 1}"#, .other("vocational"), 1),
    ])
  func decodes(json: String, stage: SchoolStage, year: Int) throws {
    let grade = try JSONDecoder().decode(Grade.self, from: Data(json.utf8))
    #expect(grade == (try Grade(stage: stage, year: year)))
  }

  @Test(
    "a bad stage or year is a decoding error naming the field",
    arguments: [
      (#"{"stage": "elementary", "year": 7}"#, "year"),
      (#"{"stage": "juniorHigh", "year": 0}"#, "year"),
      (#"{"stage": "elementary", "year": "1"}"#, "year"),
      (#"{"stage": "elementary"}"#, "year"),
      (#"{"stage": "", "year": 1}"#, "stage"),
      (#"{"stage": 3, "year": 1}"#, "stage"),
      (#"{"year": 1}"#, "stage"),
    ])
  func decodingErrorsNameTheField(json: String, field: String) {
    #expect {
      try JSONDecoder().decode(Grade.self, from: Data(json.utf8))
    } throws: { error in
      DecodingErrorDescription.describe(error).contains(field)
    }
  }

  @Test("the year-out-of-range message says which years are valid")
  func yearMessage() {
    #expect(
      GradeError.yearOutOfRange(stage: .elementary, year: 7).description
        == "year 7 is not a year of elementary (valid: 1...6)")
  }

  @Test("a grade encodes as the backend's JSON: stage name and year")
  func encodes() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(try Grade.juniorHigh(2))
    #expect(String(decoding: data, as: UTF8.self) == #"{"stage":"juniorHigh","year":2}"#)
  }
}
