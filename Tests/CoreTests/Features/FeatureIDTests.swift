import Core
import Foundation
import Testing

@Suite("FeatureID")
struct FeatureIDTests {
  @Test("feature ids are extensible string identities that code as plain strings")
  func featureIDs() throws {
    let custom: FeatureID = "highSchool"
    #expect(FeatureID.elementary.rawValue == "elementary")
    #expect(FeatureID.juniorHigh.rawValue == "juniorHigh")
    #expect(custom == FeatureID(rawValue: "highSchool"))
    let data = try JSONEncoder().encode([FeatureID.juniorHigh, custom])
    #expect(String(decoding: data, as: UTF8.self) == #"["juniorHigh","highSchool"]"#)
    #expect(try JSONDecoder().decode([FeatureID].self, from: data) == [.juniorHigh, custom])
  }
}
