import Core
import JuniorHighFeature
import Testing

@Suite("JuniorHighFeature")
struct JuniorHighFeatureTests {
  @Test("the feature's identity is the junior-high course")
  func identity() {
    #expect(JuniorHighFeature.id == .juniorHigh)
  }
}
