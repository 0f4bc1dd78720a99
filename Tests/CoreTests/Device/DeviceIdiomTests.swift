import Core
import Foundation
import Testing

@Suite("DeviceIdiom")
struct DeviceIdiomTests {
  @Test("idioms decode from their names")
  func idioms() throws {
    #expect(
      try JSONDecoder().decode([DeviceIdiom].self, from: Data(#"["phone","pad"]"#.utf8)) == [
        .phone, .pad,
      ])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([DeviceIdiom].self, from: Data(#"["watch"]"#.utf8))
    }
  }
}
