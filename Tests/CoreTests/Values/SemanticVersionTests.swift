import Core
import Foundation
import Testing

@Suite("SemanticVersion")
struct SemanticVersionTests {
  @Test(
    "parses one to five numeric segments",
    arguments: [
      ("3.10.0", [3, 10, 0]),
      ("2", [2]),
      ("1.2.3.4.5", [1, 2, 3, 4, 5]),
      ("0.0.1", [0, 0, 1]),
      ("007.01", [7, 1]),
      ("999999999.0", [999_999_999, 0]),
    ])
  func parsesValid(text: String, segments: [Int]) throws {
    let version = try SemanticVersion(parsing: text)
    #expect(version.segments == segments)
    #expect(version.segmentCount == segments.count)
  }

  @Test(
    "rejects invalid input with an error naming the input",
    arguments: [
      ("", #"invalid version "": it is empty"#),
      ("1..2", #"invalid version "1..2": segment 2 is empty"#),
      ("1.", #"invalid version "1.": segment 2 is empty"#),
      (".1", #"invalid version ".1": segment 1 is empty"#),
      ("a.b", #"invalid version "a.b": segment 1 is not made of digits 0-9"#),
      ("-1", #"invalid version "-1": segment 1 is not made of digits 0-9"#),
      ("1.0-beta", #"invalid version "1.0-beta": segment 2 is not made of digits 0-9"#),
      (" 1.0", #"invalid version " 1.0": segment 1 is not made of digits 0-9"#),
      ("1.2.3.4.5.6", #"invalid version "1.2.3.4.5.6": it has 6 segments; 1 to 5 are allowed"#),
      ("1234567890", #"invalid version "1234567890": segment 1 has more than 9 digits"#),
      ("1.٣", #"invalid version "1.٣": segment 2 is not made of digits 0-9"#),
    ])
  func rejectsInvalid(text: String, message: String) {
    #expect(throws: SemanticVersion.ParseError.self) { try SemanticVersion(parsing: text) }
    do {
      _ = try SemanticVersion(parsing: text)
    } catch {
      #expect(error.input == text)
      #expect(error.description == message)
    }
    #expect(SemanticVersion(text) == nil)
  }

  @Test(
    "compares numerically segment by segment, missing segments counting as 0",
    arguments: [
      ("3.10.0", "3.9.0", ComparisonResult.orderedDescending),
      ("1.2", "1.2.0", .orderedSame),
      ("1.2.0.0.0", "1.2", .orderedSame),
      ("1.2.1", "1.2", .orderedDescending),
      ("2", "10", .orderedAscending),
      ("1.10", "1.9.9", .orderedDescending),
      ("0.0.0", "0", .orderedSame),
      ("1.0.0.0.1", "1", .orderedDescending),
    ])
  func compares(lhs: String, rhs: String, expected: ComparisonResult) throws {
    let left = try SemanticVersion(parsing: lhs)
    let right = try SemanticVersion(parsing: rhs)
    switch expected {
    case .orderedAscending:
      #expect(left < right)
      #expect(!(right < left))
    case .orderedDescending:
      #expect(left > right)
      #expect(!(left < right))
    case .orderedSame:
      #expect(left == right)
      #expect(left.hashValue == right.hashValue)
      #expect(!(left < right) && !(right < left))
    }
  }

  @Test("prints the segments as written, without leading zeros")
  func description() throws {
    #expect(try SemanticVersion(parsing: "3.10.0").description == "3.10.0")
    #expect(try SemanticVersion(parsing: "01.2").description == "1.2")
    #expect(try SemanticVersion(segments: [4, 0]).description == "4.0")
  }

  @Test(
    "builds from segments and rejects bad segment lists",
    arguments: [[], [-1], [1, 2, 3, 4, 5, 6], [1_000_000_000]])
  func segmentsInitialiserRejects(segments: [Int]) {
    #expect(throws: SemanticVersion.ParseError.self) { try SemanticVersion(segments: segments) }
  }

  @Test("encodes and decodes as its string")
  func codable() throws {
    let version = try SemanticVersion(parsing: "2.3.0")
    let data = try JSONEncoder().encode([version])
    #expect(String(decoding: data, as: UTF8.self) == #"["2.3.0"]"#)
    #expect(try JSONDecoder().decode([SemanticVersion].self, from: data) == [version])
  }

  @Test("decoding an invalid version string is a decoding error with the parse message")
  func decodingInvalid() {
    #expect {
      try JSONDecoder().decode([SemanticVersion].self, from: Data(#"["1..2"]"#.utf8))
    } throws: { error in
      guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
      return context.debugDescription == #"invalid version "1..2": segment 2 is empty"#
    }
  }
}
